// The rules that propose an entry for a statement line, and the reconciliation settings (the
// days a suggestion may lie from its line).
import { sql } from 'kysely';
import {
  accountMessages as m,
  bankRuleMessages as rm,
  centsOf,
  centsText,
  ledgerMessages as lm,
  type BankRule,
  type BankRuleBody,
  type RuleDirection,
  type RuleKind,
  amountNumber,
} from 'contract';
import type { Db } from '../db/index.js';
import { audit } from '../lib/audit.js';
import { badRequest, notFound } from '../lib/errors.js';
import { lockParty } from '../books/index.js';

export async function suggestionDays(db: Db): Promise<number> {
  const { rows } = await sql<{
    days: number;
  }>`SELECT suggestion_days AS days FROM bank_settings`.execute(db);
  return rows[0]?.days ?? 7;
}

export async function setSuggestionDays(db: Db, userId: number, days: number): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const before = await suggestionDays(tx);
    await sql`UPDATE bank_settings SET suggestion_days = ${days}`.execute(tx);
    await audit(tx, {
      actorId: userId,
      action: 'update',
      entity: 'account',
      entityId: null,
      before: { suggestionDays: before },
      after: { suggestionDays: days },
    });
    return days;
  });
}

interface RuleRow {
  id: number;
  contains: string;
  min_amount: string | null;
  max_amount: string | null;
  kind: RuleKind;
  party_id: number | null;
  ledger_account_id: number | null;
  direction: RuleDirection | null;
  party_name: string | null;
  description: string;
  enabled: boolean;
}

export async function listRules(db: Db, id?: number): Promise<BankRule[]> {
  const { rows } = await sql<RuleRow>`
    SELECT r.id, r.contains, r.min_amount::text AS min_amount, r.max_amount::text AS max_amount,
           r.kind, r.party_id, r.ledger_account_id, r.direction, r.description, r.enabled,
           CASE r.kind WHEN 'income' THEN (SELECT name FROM clients WHERE id = r.party_id)
                       WHEN 'salary' THEN (SELECT name FROM employees WHERE id = r.party_id)
                       WHEN 'ledger' THEN (SELECT code || ' ' || name FROM ledger_accounts
                                           WHERE id = r.ledger_account_id)
                       ELSE (SELECT expancetype FROM expense_types WHERE id = r.party_id) END AS party_name
    FROM bank_rules r
    ${id === undefined ? sql`` : sql`WHERE r.id = ${id}`}
    ORDER BY r.id`.execute(db);
  return rows.map((row) => ({
    id: row.id,
    contains: row.contains,
    minAmount: row.min_amount === null ? null : amountNumber(row.min_amount),
    maxAmount: row.max_amount === null ? null : amountNumber(row.max_amount),
    kind: row.kind,
    partyId: row.party_id,
    ledgerAccountId: row.ledger_account_id,
    direction: row.direction,
    partyName: row.party_name ?? '',
    description: row.description,
    enabled: row.enabled,
  }));
}

function ruleValues(body: BankRuleBody) {
  const bound = (value: number | null | undefined) =>
    value === null || value === undefined ? null : centsText(centsOf(value));
  const min = bound(body.minAmount);
  const max = bound(body.maxAmount);
  if (min !== null && max !== null && centsOf(min) > centsOf(max))
    throw badRequest('minAmount must not be above maxAmount');
  return { contains: body.contains.trim(), min, max, description: (body.description ?? '').trim() };
}

/**
 * What the rule books to, checked with its row locked: a party of its kind, or a ledger account
 * a line may be booked to (as Create takes it) with the direction of the lines it takes.
 */
async function targetOf(
  tx: Db,
  body: BankRuleBody,
): Promise<{
  partyId: number | null;
  ledgerAccountId: number | null;
  direction: RuleDirection | null;
}> {
  if (body.kind !== 'ledger') {
    if (body.ledgerAccountId !== undefined || body.direction !== undefined)
      throw badRequest(rm.oneTarget);
    if (body.partyId === undefined) throw badRequest(rm.partyNeeded);
    await lockParty(tx, body.kind, body.partyId);
    return { partyId: body.partyId, ledgerAccountId: null, direction: null };
  }
  if (body.partyId !== undefined) throw badRequest(rm.oneTarget);
  if (body.ledgerAccountId === undefined) throw badRequest(lm.ledgerAccountNeeded);
  const { rows } = await sql<{
    code: string;
    type: string;
    role: string | null;
    money: boolean;
    kept: boolean;
    closed: boolean;
  }>`
    SELECT code, type, role, money_account_id IS NOT NULL AS money,
           expense_type_id IS NOT NULL AS kept, closed_at IS NOT NULL AS closed
    FROM ledger_accounts WHERE id = ${body.ledgerAccountId} FOR SHARE`.execute(tx);
  const account = rows[0];
  if (!account) throw notFound(lm.accountNotFound);
  if (account.money) throw badRequest(lm.lineToMoneyAccount);
  if (account.kept || ['receivable', 'sales', 'salaries'].includes(account.role ?? ''))
    throw badRequest(lm.booksOwnAccount(account.code));
  if (account.closed) throw badRequest(lm.voucherAccountClosed(account.code));
  const direction =
    body.direction ??
    (account.type === 'Income' ? 'in' : account.type === 'Expense' ? 'out' : undefined);
  if (!direction) throw badRequest(rm.directionNeeded);
  return { partyId: null, ledgerAccountId: body.ledgerAccountId, direction };
}

export async function saveRule(
  db: Db,
  userId: number,
  body: BankRuleBody,
  id?: number,
): Promise<BankRule> {
  const v = ruleValues(body);
  return db.transaction().execute(async (tx) => {
    const target = await targetOf(tx, body);
    let ruleId = id;
    const before = id === undefined ? undefined : (await listRules(tx, id))[0];
    if (id !== undefined) {
      if (!before) throw notFound(m.ruleNotFound);
      await sql`
        UPDATE bank_rules SET contains = ${v.contains}, min_amount = ${v.min}::numeric,
               max_amount = ${v.max}::numeric, kind = ${body.kind}, party_id = ${target.partyId},
               ledger_account_id = ${target.ledgerAccountId}, direction = ${target.direction},
               description = ${v.description}, enabled = ${body.enabled ?? true}, updated_at = now()
        WHERE id = ${id}`.execute(tx);
    } else {
      const { rows } = await sql<{ id: number }>`
        INSERT INTO bank_rules (contains, min_amount, max_amount, kind, party_id, ledger_account_id,
                                direction, description, enabled, created_by)
        VALUES (${v.contains}, ${v.min}::numeric, ${v.max}::numeric, ${body.kind}, ${target.partyId},
                ${target.ledgerAccountId}, ${target.direction}, ${v.description}, ${body.enabled ?? true}, ${userId})
        RETURNING id`.execute(tx);
      ruleId = rows[0]!.id;
    }
    const rule = (await listRules(tx, ruleId))[0]!;
    await audit(tx, {
      actorId: userId,
      action: id === undefined ? 'create' : 'update',
      entity: 'bank_rule',
      entityId: rule.id,
      before,
      after: rule,
    });
    return rule;
  });
}
