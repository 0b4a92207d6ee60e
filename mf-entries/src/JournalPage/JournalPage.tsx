import { useEffect, useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ENTRY_KINDS, isOneOf, messages, personText, readQuery, unreadableParams } from 'contract';
import type { EntryKind, JournalPage as Page, JournalRow, JournalTotals } from 'contract';
import {
  Button,
  DataTable,
  DateInput,
  Modal,
  Select,
  TextField,
  call,
  confirm,
  download,
  endpoints,
  errorMessage,
  fetchParties,
  formatMoney,
  formatRs,
  href,
  notify,
  useCanWrite,
  useScreenQuery,
  useSetScreenQuery,
} from 'shared-ui';
import type { DataTableColumn, ScreenQuery } from 'shared-ui';
import { BooksClosed } from '../BooksClosed';
import type { EntryFormScreen, Party } from '../entry-kinds';
import { useIdempotencyKey } from '../EntryForm/useIdempotencyKey';
import './JournalPage.css';

const PAGE_SIZE = 50;

/** The journal's filters, without the page position: the totals and the CSV take the same ones. */
type JournalFilterValues = Omit<ScreenQuery<'journal'>, 'after'>;

/** The filters, in the order the form shows them, with their labels. */
const FILTERS = {
  from: 'From',
  to: 'To',
  kind: 'Kind',
  partyId: 'Party',
  Creditdebit: 'Credit/Debit',
  minAmount: 'Amount from',
  maxAmount: 'Amount to',
  q: 'Text in description or party',
} as const;
type FilterName = keyof typeof FILTERS;
const FILTER_NAMES = Object.keys(FILTERS) as FilterName[];
/** The form's text of each filter. */
type Draft = Record<FilterName, string>;

/** Every party of a kind, suspended expense types included: old entries point at them too. */
const expenseTypes = async (): Promise<Party[]> =>
  (await call(endpoints.listExpenseTypesForEntries)).users.map((type) => ({
    id: type.id,
    name: type.expancetype,
  }));

const KINDS: Record<
  EntryKind,
  { label: string; form: EntryFormScreen; parties: () => Promise<Party[]> }
> = {
  income: { label: 'Income', form: 'income', parties: () => fetchParties(endpoints.listClients) },
  expense: { label: 'Expense', form: 'expenses', parties: expenseTypes },
  salary: {
    label: 'Salary',
    form: 'salary',
    parties: () => fetchParties(endpoints.listEmployees),
  },
};
const isKind = (value: string): value is EntryKind => isOneOf(ENTRY_KINDS, value);

const draftOf = (filters: JournalFilterValues): Draft =>
  Object.fromEntries(
    FILTER_NAMES.map((name) => [name, filters[name] === undefined ? '' : String(filters[name])]),
  ) as Draft;

/** The draft's text, trimmed, as the parameters of the journal's address. */
const draftParams = (draft: Draft) => ({
  get: (name: string) => draft[name as FilterName]?.trim() ?? null,
});

async function partiesOf(kind: EntryKind): Promise<{ value: string; label: string }[]> {
  const parties = await KINDS[kind].parties();
  return parties.map((party) => ({ value: String(party.id), label: party.name }));
}

const stateOf = (row: JournalRow) =>
  row.reversesId
    ? `reverses #${row.reversesId}`
    : row.reversedById
      ? `reversed by #${row.reversedById}`
      : '';

/** What the Reverse or Correct dialog is about. */
interface Pending {
  row: JournalRow;
  correct: boolean;
}

/**
 * The /Journal screen: every entry, filtered, paged, reversible (not by a read-only viewer),
 * exportable.
 */
export function JournalPage() {
  const { after, ...addressFilters } = useScreenQuery('journal');
  const setAddress = useSetScreenQuery('journal');
  const navigate = useNavigate();
  const filterKey = JSON.stringify(addressFilters);
  const filters = useMemo(() => JSON.parse(filterKey) as JournalFilterValues, [filterKey]);
  const applied = useMemo(() => draftOf(filters), [filters]);

  const [draft, setDraft] = useState<Draft>(applied);
  const [parties, setParties] = useState<{ value: string; label: string }[]>([]);
  const [page, setPage] = useState<Page | undefined>();
  const [totals, setTotals] = useState<JournalTotals | undefined>();
  const [loading, setLoading] = useState(true);
  const [reload, setReload] = useState(0);
  // What the page and totals on screen were read for: until the answers for the address are in,
  // the list says Loading... and the totals line is empty, rather than showing the old ones.
  const [pageFor, setPageFor] = useState<string | null>(null);
  const [totalsFor, setTotalsFor] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | undefined>();
  const [reason, setReason] = useState('');
  const [reversing, setReversing] = useState(false);
  const idempotency = useIdempotencyKey();
  // Reverse and Correct show once the server has said the user writes: never to a viewer.
  const canWrite = useCanWrite() === true;

  // Back and forward move between filter states: the form follows the address.
  useEffect(() => setDraft(applied), [applied]);

  useEffect(() => {
    let current = true;
    const kind = draft.kind;
    if (!isKind(kind)) {
      setParties([]);
      return undefined;
    }
    partiesOf(kind).then(
      (list) => current && setParties(list),
      () => current && setParties([]),
    );
    return () => {
      current = false;
    };
  }, [draft.kind]);

  useEffect(() => {
    let current = true;
    const readFor = `${filterKey}|${reload}`;
    call(endpoints.getJournalTotals, { query: filters })
      .then(
        (answer) => current && setTotals(answer),
        () => current && setTotals(undefined),
      )
      .finally(() => current && setTotalsFor(readFor));
    return () => {
      current = false;
    };
    // filterKey stands for filters; reload after a reversal.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filterKey, reload]);

  useEffect(() => {
    let current = true;
    setLoading(true);
    call(endpoints.listJournal, { query: { ...filters, limit: PAGE_SIZE, after } })
      .then(
        (answer) => current && setPage(answer),
        (error: unknown) => {
          if (!current) return;
          setPage({ entries: [], next: null });
          notify(errorMessage(error, endpoints.listJournal.texts.error));
        },
      )
      .finally(() => {
        if (!current) return;
        setLoading(false);
        setPageFor(`${filterKey}|${after}|${reload}`);
      });
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filterKey, after, reload]);
  const reading = loading || pageFor !== `${filterKey}|${after}|${reload}`;
  const shownTotals = totalsFor === `${filterKey}|${reload}` ? totals : undefined;

  const change = (name: FilterName) => (value: string) =>
    setDraft((previous) => ({
      ...previous,
      [name]: value,
      // A party belongs to one kind.
      ...(name === 'kind' ? { partyId: '' } : {}),
    }));

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const wrong = unreadableParams('journal', draftParams(draft)) as FilterName[];
    if (wrong.length > 0) {
      notify(`${messages.filterNotValid}: ${wrong.map((name) => FILTERS[name]).join(', ')}`);
      return;
    }
    setAddress(readQuery('journal', draftParams(draft)));
  };

  const goTo = (position: string | null) =>
    setAddress({ ...filters, after: position ?? undefined });

  const open = (row: JournalRow, correct: boolean) => {
    idempotency.renew();
    setReason('');
    setPending({ row, correct });
  };

  const submitReversal = async () => {
    if (!pending) return;
    const { row, correct } = pending;
    if (reason.trim() === '') {
      notify('Please enter a reason');
      return;
    }
    const question = correct
      ? `Reverse entry #${row.id} and record it again corrected?`
      : `Reverse entry #${row.id}? It will be cancelled in every report.`;
    if (!confirm(question)) return;
    setReversing(true);
    try {
      await call(
        endpoints.reverseEntry,
        { params: { id: row.id }, body: { reason: reason.trim() } },
        { headers: { 'Idempotency-Key': idempotency.keyFor(`${row.id}:${reason.trim()}`) } },
      );
      setPending(undefined);
      if (correct) {
        navigate(
          href(KINDS[row.kind].form, {
            partyId: row.partyId,
            Creditdebit: row.Creditdebit,
            amount: String(row.amount),
            description: row.description,
            date: row.date,
          }),
        );
        return;
      }
      notify('Entry reversed');
      setReload((n) => n + 1);
    } catch (error) {
      notify(errorMessage(error, endpoints.reverseEntry.texts.error));
    } finally {
      setReversing(false);
    }
  };

  const downloadCsv = async () => {
    try {
      await download(endpoints.journalCsv, { query: filters });
    } catch (error) {
      notify(errorMessage(error, endpoints.journalCsv.texts.error));
    }
  };

  const columns: DataTableColumn<JournalRow>[] = [
    { key: 'id', header: 'No.', render: (row) => `#${row.id}` },
    { key: 'date', header: 'Date', render: (row) => row.date },
    { key: 'kind', header: 'Kind', render: (row) => KINDS[row.kind].label },
    { key: 'party', header: 'Party', render: (row) => row.partyName },
    { key: 'cd', header: 'Credit/Debit', render: (row) => row.Creditdebit },
    { key: 'amount', header: 'Amount', numeric: true, render: (row) => formatMoney(row.amount) },
    { key: 'description', header: 'Description', render: (row) => row.description },
    {
      key: 'by',
      header: 'Recorded by',
      // With the e-mail, so that two people of one name are told apart.
      render: (row) => (row.recordedBy ? personText(row.recordedBy) : ''),
    },
    {
      key: 'at',
      header: 'Recorded at',
      render: (row) => new Date(row.recordedAt).toLocaleString(),
    },
    { key: 'state', header: 'State', render: stateOf },
  ];
  if (canWrite)
    columns.push({
      key: 'actions',
      header: 'Actions',
      render: (row) =>
        row.reversesId || row.reversedById ? null : (
          <span className="mf-journal__actions">
            <Button
              variant="secondary"
              aria-label={`Reverse entry #${row.id}`}
              onClick={() => open(row, false)}
            >
              Reverse
            </Button>
            <Button
              variant="secondary"
              aria-label={`Correct entry #${row.id}`}
              onClick={() => open(row, true)}
            >
              Correct
            </Button>
          </span>
        ),
    });

  const kindOptions = ENTRY_KINDS.map((kind) => ({
    value: kind,
    label: KINDS[kind].label,
  }));

  return (
    <div>
      <h1 className="ofs-page-title">Journal</h1>
      <BooksClosed editable />
      <form className="ofs-card mf-journal__filters" onSubmit={apply} aria-label="Filters">
        <DateInput label="From" name="from" value={draft.from} onChange={change('from')} />
        <DateInput label="To" name="to" value={draft.to} onChange={change('to')} />
        <Select
          label="Kind"
          name="kind"
          value={draft.kind}
          onChange={change('kind')}
          placeholder="All kinds"
          options={kindOptions}
        />
        <Select
          label="Party"
          name="partyId"
          value={draft.partyId}
          onChange={change('partyId')}
          placeholder={isKind(draft.kind) ? 'All parties' : 'Choose a kind first'}
          options={parties}
          disabled={!isKind(draft.kind)}
        />
        <Select
          label="Credit/Debit"
          name="Creditdebit"
          value={draft.Creditdebit}
          onChange={change('Creditdebit')}
          placeholder="Credit and Debit"
          options={[
            { value: 'Credit', label: 'Credit' },
            { value: 'Debit', label: 'Debit' },
          ]}
        />
        <TextField
          label="Amount from"
          name="minAmount"
          inputMode="decimal"
          value={draft.minAmount}
          onChange={change('minAmount')}
        />
        <TextField
          label="Amount to"
          name="maxAmount"
          inputMode="decimal"
          value={draft.maxAmount}
          onChange={change('maxAmount')}
        />
        <TextField
          label="Text in description or party"
          name="q"
          type="search"
          maxLength={100}
          value={draft.q}
          onChange={change('q')}
        />
        <div className="mf-journal__buttons">
          <Button type="submit">Apply filters</Button>
          <Button variant="secondary" onClick={() => setAddress({})}>
            Clear filters
          </Button>
          <Button variant="secondary" onClick={downloadCsv}>
            Download CSV
          </Button>
        </div>
      </form>

      <p className="mf-journal__totals" role="status" aria-label="Totals">
        {shownTotals
          ? `${shownTotals.count.toLocaleString('en-US')} ${shownTotals.count === 1 ? 'entry matches' : 'entries match'} · ` +
            `Credit ${formatRs(shownTotals.credit)} · Debit ${formatRs(shownTotals.debit)}`
          : ''}
      </p>

      <DataTable
        caption="Journal"
        columns={columns}
        rows={page?.entries ?? []}
        rowKey={(row) => row.id}
        loading={reading}
      />

      <nav className="mf-journal__pager" aria-label="Pages">
        <Button variant="secondary" disabled={!after} onClick={() => goTo(null)}>
          First page
        </Button>
        <Button variant="secondary" disabled={!page?.next} onClick={() => goTo(page?.next ?? null)}>
          Next page
        </Button>
      </nav>

      <Modal
        open={pending !== undefined}
        title={
          pending
            ? `${pending.correct ? 'Correct' : 'Reverse'} entry #${pending.row.id}`
            : 'Reverse entry'
        }
        onClose={() => setPending(undefined)}
        closeDisabled={reversing}
        actions={
          <Button
            variant="danger"
            busy={reversing}
            busyLabel="Reversing..."
            onClick={submitReversal}
          >
            {pending?.correct ? 'Reverse and correct' : 'Reverse'}
          </Button>
        }
      >
        {pending && (
          <>
            <p>
              {`${KINDS[pending.row.kind].label}, ${pending.row.partyName}, ` +
                `${pending.row.Creditdebit} ${formatRs(pending.row.amount)} on ${pending.row.date}. ` +
                'A reversal cancels it in every report; the entry stays in the journal.'}
            </p>
            <TextField
              label="Reason"
              name="reason"
              maxLength={500}
              value={reason}
              onChange={setReason}
            />
          </>
        )}
      </Modal>
    </div>
  );
}
