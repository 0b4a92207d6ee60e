import { useState } from 'react';
import type { BankRule, BankRuleBody, EntryKind } from 'contract/browser';
import {
  Button,
  Checkbox,
  SaveDialog,
  Table,
  TextField,
  endpoints,
  formatRs,
  messages,
  plainMoney,
  notify,
  useApiQuery,
  useApiWrite,
  type TableColumn,
} from 'shared-ui';
import { KINDS } from '../entry-kinds';
import { EntryFields, usePartyOptions } from '../EntryFields';
import { useDraft } from '../useDraft';

interface Draft {
  contains: string;
  minAmount: string;
  maxAmount: string;
  kind: EntryKind;
  partyId: string;
  /** A rule booking to a ledger account (made by Remember on the reconcile screen) keeps it. */
  ledger?: Pick<BankRule, 'ledgerAccountId' | 'direction' | 'partyName'>;
  description: string;
  enabled: boolean;
}

const emptyDraft = (): Draft => ({
  contains: '',
  minAmount: '',
  maxAmount: '',
  kind: 'expense',
  partyId: '',
  description: '',
  enabled: true,
});

const draftOf = (rule: BankRule): Draft => ({
  contains: rule.contains,
  minAmount: rule.minAmount === null ? '' : plainMoney(rule.minAmount),
  maxAmount: rule.maxAmount === null ? '' : plainMoney(rule.maxAmount),
  ...(rule.kind === 'ledger'
    ? { kind: 'expense' as const, partyId: '', ledger: rule }
    : { kind: rule.kind, partyId: String(rule.partyId) }),
  description: rule.description,
  enabled: rule.enabled,
});

/** What a rule proposes, as its body says it. */
const targetOf = (
  rule: Pick<BankRule, 'kind' | 'partyId' | 'ledgerAccountId' | 'direction'>,
): Pick<BankRuleBody, 'kind' | 'partyId' | 'ledgerAccountId' | 'direction'> =>
  rule.kind === 'ledger'
    ? {
        kind: 'ledger',
        ledgerAccountId: rule.ledgerAccountId!,
        ...(rule.direction ? { direction: rule.direction } : {}),
      }
    : { kind: rule.kind, partyId: rule.partyId! };

const bound = (text: string): number | null | undefined => {
  if (text.trim() === '') return null;
  return /^\d{1,12}(\.\d{1,2})?$/.test(text.trim()) ? Number(text.trim()) : undefined;
};

const bodyOf = (rule: BankRule, enabled: boolean): BankRuleBody => ({
  contains: rule.contains,
  minAmount: rule.minAmount === null ? null : Number(rule.minAmount),
  maxAmount: rule.maxAmount === null ? null : Number(rule.maxAmount),
  ...targetOf(rule),
  description: rule.description,
  enabled,
});

const amountsOf = (rule: BankRule) =>
  rule.minAmount === null && rule.maxAmount === null
    ? 'Any'
    : `${rule.minAmount === null ? '' : formatRs(rule.minAmount)} to ${rule.maxAmount === null ? '' : formatRs(rule.maxAmount)}`;

/**
 * Rules: "when a line's description contains …, (and its amount is between …), propose kind,
 * party and description". Listed for everyone; added, edited and switched off by those who write.
 */
export function RulesList({ canWrite }: { canWrite: boolean }) {
  const rules = useApiQuery(endpoints.listBankRules, undefined, { refetchOnMount: 'always' });
  // undefined: closed; null: a new rule.
  const [editing, setEditing] = useState<BankRule | null | undefined>();
  const { draft, setDraft, set, bind } = useDraft<Draft>(emptyDraft);
  const said = { success: (answer: { message: string }) => answer.message };
  const create = useApiWrite(endpoints.createBankRule, said);
  const update = useApiWrite(endpoints.updateBankRule, said);
  const parties = usePartyOptions(draft.kind, editing !== undefined && !draft.ledger);

  const open = (rule: BankRule | null) => {
    setDraft(rule ? draftOf(rule) : emptyDraft());
    setEditing(rule);
  };
  const save = async () => {
    const minAmount = bound(draft.minAmount);
    const maxAmount = bound(draft.maxAmount);
    if (draft.contains.trim() === '' || (!draft.ledger && draft.partyId === ''))
      return notify(messages.fillAllFields);
    if (minAmount === undefined || maxAmount === undefined) return notify(messages.invalidAmount);
    const body: BankRuleBody = {
      contains: draft.contains.trim(),
      minAmount,
      maxAmount,
      ...(draft.ledger
        ? targetOf({ kind: 'ledger', partyId: null, ...draft.ledger })
        : { kind: draft.kind, partyId: Number(draft.partyId) }),
      description: draft.description.trim(),
      enabled: draft.enabled,
    };
    const outcome = editing
      ? await update.run({ params: { id: editing.id }, body })
      : await create.run({ body });
    if (outcome.ok) setEditing(undefined);
  };

  const columns: Array<TableColumn<BankRule>> = [
    { key: 'contains', header: 'Description contains', value: (rule) => rule.contains },
    { key: 'amount', header: 'Amount', value: amountsOf },
    {
      key: 'kind',
      header: 'Kind',
      value: (rule) => (rule.kind === 'ledger' ? 'Ledger account' : KINDS[rule.kind].label),
    },
    { key: 'party', header: 'Party', value: (rule) => rule.partyName },
    { key: 'description', header: 'Entry description', value: (rule) => rule.description },
    { key: 'enabled', header: 'State', value: (rule) => (rule.enabled ? 'On' : 'Off') },
    ...(canWrite
      ? [
          {
            key: 'actions',
            header: 'Actions',
            render: (rule: BankRule) => (
              <span className="mf-accounts__actions">
                <Button
                  variant="secondary"
                  onClick={() => open(rule)}
                  aria-label={`Edit rule ${rule.contains}`}
                >
                  Edit
                </Button>
                <Button
                  variant="secondary"
                  aria-label={`${rule.enabled ? 'Switch off' : 'Switch on'} rule ${rule.contains}`}
                  onClick={() =>
                    void update.run({ params: { id: rule.id }, body: bodyOf(rule, !rule.enabled) })
                  }
                >
                  {rule.enabled ? 'Switch off' : 'Switch on'}
                </Button>
              </span>
            ),
          },
        ]
      : []),
  ];

  const busy = create.isPending || update.isPending;
  return (
    <section className="mf-accounts__rules">
      <h2>Rules</h2>
      <Table
        caption="Rules"
        columns={columns}
        rows={rules.data?.rules ?? []}
        rowKey={(rule) => rule.id}
        loading={rules.isPending}
        emptyText="No rules"
      />
      {canWrite && <Button onClick={() => open(null)}>Add rule</Button>}
      <SaveDialog
        open={editing !== undefined}
        title={editing ? 'Edit rule' : 'Add rule'}
        onClose={() => setEditing(undefined)}
        busy={busy}
        onSave={() => void save()}
      >
        <TextField label="Description contains" {...bind('contains')} />
        <TextField label="Amount from" inputMode="decimal" {...bind('minAmount')} />
        <TextField label="Amount to" inputMode="decimal" {...bind('maxAmount')} />
        {draft.ledger ? (
          <p>{`Books to the ledger account ${draft.ledger.partyName}`}</p>
        ) : (
          <EntryFields
            kind={KINDS[draft.kind]}
            kindPicker={{ onChange: (kind) => set({ kind, partyId: '' }) }}
            party={{
              label: 'Party',
              value: draft.partyId,
              placeholder: 'Select',
              options: parties.options,
              onChange: (partyId) => set({ partyId }),
            }}
          />
        )}
        <TextField label="Entry description" {...bind('description')} />
        <Checkbox label="On" checked={draft.enabled} onChange={(enabled) => set({ enabled })} />
      </SaveDialog>
    </section>
  );
}
