// The rules that propose an entry for a statement line, and the reconciliation settings (the
// days a suggestion may lie from its line).
import { sql } from 'kysely';
import {
  accountMessages as m,
  centsOf,
  centsText,
  fromCents,
  type BankRule,
  type BankRuleBody,
  type EntryKind,
} from 'contract';
import type { Db } from '../db/index.js';
import { audit } from '../lib/audit.js';
import { badRequest, notFound } from '../lib/errors.js';
import { lockParty } from '../books/index.js';

const money = (text: string) => fromCents(centsOf(text)) as number;

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
  kind: EntryKind;
  party_id: number;
  party_name: string | null;
  description: string;
  enabled: boolean;
}

export async function listRules(db: Db, id?: number): Promise<BankRule[]> {
  const { rows } = await sql<RuleRow>`
    SELECT r.id, r.contains, r.min_amount::text AS min_amount, r.max_amount::text AS max_amount,
           r.kind, r.party_id, r.description, r.enabled,
           CASE r.kind WHEN 'income' THEN (SELECT name FROM clients WHERE id = r.party_id)
                       WHEN 'salary' THEN (SELECT name FROM employees WHERE id = r.party_id)
                       ELSE (SELECT expancetype FROM expense_types WHERE id = r.party_id) END AS party_name
    FROM bank_rules r
    ${id === undefined ? sql`` : sql`WHERE r.id = ${id}`}
    ORDER BY r.id`.execute(db);
  return rows.map((row) => ({
    id: row.id,
    contains: row.contains,
    minAmount: row.min_amount === null ? null : money(row.min_amount),
    maxAmount: row.max_amount === null ? null : money(row.max_amount),
    kind: row.kind,
    partyId: row.party_id,
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

export async function saveRule(
  db: Db,
  userId: number,
  body: BankRuleBody,
  id?: number,
): Promise<BankRule> {
  const v = ruleValues(body);
  return db.transaction().execute(async (tx) => {
    await lockParty(tx, body.kind, body.partyId);
    let ruleId = id;
    const before = id === undefined ? undefined : (await listRules(tx, id))[0];
    if (id !== undefined) {
      if (!before) throw notFound(m.ruleNotFound);
      await sql`
        UPDATE bank_rules SET contains = ${v.contains}, min_amount = ${v.min}::numeric,
               max_amount = ${v.max}::numeric, kind = ${body.kind}, party_id = ${body.partyId},
               description = ${v.description}, enabled = ${body.enabled ?? true}, updated_at = now()
        WHERE id = ${id}`.execute(tx);
    } else {
      const { rows } = await sql<{ id: number }>`
        INSERT INTO bank_rules (contains, min_amount, max_amount, kind, party_id, description, enabled, created_by)
        VALUES (${v.contains}, ${v.min}::numeric, ${v.max}::numeric, ${body.kind}, ${body.partyId},
                ${v.description}, ${body.enabled ?? true}, ${userId})
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
