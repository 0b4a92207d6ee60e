// Importing entries and people from a file (docs/decisions/014-import.md). The preview
// (`analyseImport`, import-analysis.ts) reads the file, detects its layout and formats, maps the
// columns and checks every row, writing nothing. `runImport` does the same with the confirmed
// choices and writes every ready row in one transaction as one entry batch of kind 'import'. The
// batch's undo (reverseBatch) reverses the entries; the hook registered here marks the import
// undone (so the same file can be imported again) and removes the parties it created when nothing
// refers to them.
import { sql } from 'kysely';
import { importMessages, nameKey, type ImportKind, type ImportRecord, centsText } from 'contract';
import type { Db } from '../db/index.js';
import { isoText, personColumns } from '../db/fragments.js';
import { badRequest, conflict, pgCode, PG_UNIQUE_VIOLATION } from '../lib/errors.js';
import { ExactMoney } from '../lib/exact-json.js';
import { parties } from '../db/parties.js';
import {
  createBatch,
  insertEntries,
  lockAccounts,
  lockParties,
  refuseClosedPeriod,
} from '../books/index.js';
import { registerBatchReversal } from './batches.js';
import { analyseImport, isEntryKind, type ImportInput } from './import-analysis.js';
import { earlierImport } from './import-lookups.js';

export { analyseFile, analyseImport, previewJson } from './import-analysis.js';

/** Writes every ready row as one batch, all or nothing. */
export async function runImport(
  db: Db,
  userId: number,
  input: ImportInput,
): Promise<ExactImportRecord> {
  const analysis = await analyseImport(db, input);
  const { preview, options } = { preview: analysis.preview, options: input.options };
  if (analysis.unmapped.length > 0)
    throw badRequest(importMessages.unmapped(analysis.unmapped.join(', ')));
  if (analysis.dateAmbiguous) throw badRequest(importMessages.chooseDateFormat);
  if (analysis.numberAmbiguous) throw badRequest(importMessages.chooseNumberFormat);
  if (preview.earlier) {
    const { id, createdAt, fileName } = preview.earlier;
    throw conflict(importMessages.importedBefore(id, createdAt, fileName));
  }
  if (preview.ready === 0) throw badRequest(importMessages.nothingReady);
  const kind = options.kind;

  try {
    const importId = await db.transaction().execute(async (tx) => {
      // The closing day cannot move under the import (share lock); a day closed since the
      // preview refuses the whole import.
      const earliest = analysis.entries.reduce<string | null>(
        (min, plan) => (min === null || plan.date < min ? plan.date : min),
        null,
      );
      await refuseClosedPeriod(tx, [earliest], 'import');

      const batchId = await createBatch(tx, {
        kind: 'import',
        label: `Import of ${input.fileName}`.slice(0, 500),
        userId,
        details: {
          file: input.fileName,
          sha256: preview.sha256,
          what: kind,
          rows: preview.ready,
          credit: preview.credit,
          debit: preview.debit,
        },
      });
      // First, so that a second import of the same file waits here, then is refused.
      const { id } = await tx
        .insertInto('imports')
        .values({
          batch_id: batchId,
          kind,
          file_name: input.fileName,
          sha256: preview.sha256,
          rows: preview.ready,
          credit: centsText(analysis.credit),
          debit: centsText(analysis.debit),
          mapping: JSON.stringify(analysis.mapping),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const created: { party_kind: 'client' | 'employee' | 'expenseType'; party_id: number }[] = [];

      if (isEntryKind(kind)) {
        const party = parties[kind];
        const newIds = new Map<string, number>();
        // Only the parties a ready row needs.
        const needed = new Set(analysis.entries.map((plan) => plan.newParty));
        for (const [key, name] of analysis.create) {
          if (!needed.has(key)) continue;
          const row =
            kind === 'income'
              ? await tx
                  .insertInto('clients')
                  .values({ name, email: '', company_name: '' })
                  .returning('id')
                  .executeTakeFirstOrThrow()
              : await tx
                  .insertInto('expense_types')
                  .values({ expancetype: name, name_key: nameKey(name), status: 'Active' })
                  .returning('id')
                  .executeTakeFirstOrThrow();
          newIds.set(key, row.id);
          created.push({ party_kind: party.recordKind, party_id: row.id });
        }
        // The existing parties stay as planned until the entries are in: none deleted,
        // renamed or suspended under the import.
        const names = await lockParties(
          tx,
          kind,
          analysis.entries.flatMap((plan) => (plan.partyId === null ? [] : [plan.partyId])),
        );
        await lockAccounts(tx, [options.accountId]);
        await insertEntries(
          tx,
          analysis.entries.map((plan) => {
            const partyId = plan.partyId ?? newIds.get(plan.newParty ?? '');
            if (partyId === undefined) throw new Error('an import row without its party');
            return {
              kind,
              partyId,
              partyName:
                (plan.partyId === null ? undefined : names.get(plan.partyId)) ?? plan.partyName,
              amount: centsText(plan.cents),
              creditDebit: plan.creditDebit,
              description: plan.description,
              date: plan.date,
              accountId: options.accountId,
            };
          }),
          { userId, batchId },
        );
      } else {
        for (let start = 0; start < analysis.people.length; start += 1000) {
          const chunk = analysis.people.slice(start, start + 1000);
          const ids =
            kind === 'clients'
              ? await tx
                  .insertInto('clients')
                  .values(
                    chunk.map((p) => ({ name: p.name, email: p.email, company_name: p.extra })),
                  )
                  .returning('id')
                  .execute()
              : kind === 'employees'
                ? await tx
                    .insertInto('employees')
                    .values(chunk.map((p) => ({ name: p.name, email: p.email, number: p.extra })))
                    .returning('id')
                    .execute()
                : await tx
                    .insertInto('expense_types')
                    .values(
                      chunk.map((p) => ({
                        expancetype: p.name,
                        name_key: nameKey(p.name),
                        status: 'Active' as const,
                      })),
                    )
                    .returning('id')
                    .execute();
          const partyKind =
            kind === 'clients' ? 'client' : kind === 'employees' ? 'employee' : 'expenseType';
          for (const row of ids) created.push({ party_kind: partyKind, party_id: row.id });
        }
      }
      for (let start = 0; start < created.length; start += 1000) {
        await tx
          .insertInto('import_parties')
          .values(created.slice(start, start + 1000).map((row) => ({ import_id: id, ...row })))
          .execute();
      }
      await sql`
        INSERT INTO import_mappings (headers_sha256, kind, mapping, updated_at)
        VALUES (${analysis.headersHash}, ${kind}, ${JSON.stringify(analysis.mapping)}::jsonb, now())
        ON CONFLICT (headers_sha256, kind)
        DO UPDATE SET mapping = EXCLUDED.mapping, updated_at = now()`.execute(tx);
      return Number(id);
    });
    const record = (await listImports(db, importId))[0];
    if (!record) throw new Error('import not found after writing it');
    return record;
  } catch (error) {
    // The same file imported at the same moment: the first one wins, this one names it.
    if (pgCode(error) === PG_UNIQUE_VIOLATION) {
      const earlier = await earlierImport(db, preview.sha256);
      if (earlier)
        throw conflict(
          importMessages.importedBefore(earlier.id, earlier.createdAt, earlier.fileName),
        );
    }
    throw error;
  }
}

type ImportRow = {
  id: number;
  batch_id: number;
  kind: ImportKind;
  file_name: string;
  sha256: string;
  rows: number;
  credit: string;
  debit: string;
  parties: string | number;
  created_at: string;
  reversed_at: string | null;
  reverse_reason: string | null;
  by_id: number | null;
  by_name: string | null;
  by_email: string | null;
  by_former: boolean | null;
};

/** An import as answered: its totals exact however large (exactJson). */
export type ExactImportRecord = Omit<ImportRecord, 'credit' | 'debit'> & {
  credit: ExactMoney;
  debit: ExactMoney;
};

/** Past imports, newest first (or the one asked for). */
export async function listImports(db: Db, id?: number): Promise<ExactImportRecord[]> {
  const { rows } = await sql<ImportRow>`
    SELECT i.id, i.batch_id, i.kind, i.file_name, i.sha256, i.rows,
           i.credit::text AS credit, i.debit::text AS debit,
           (SELECT count(*) FROM import_parties p WHERE p.import_id = i.id) AS parties,
           ${isoText('b.created_at')} AS created_at, ${isoText('b.reversed_at')} AS reversed_at,
           b.reverse_reason,
           ${personColumns('u', 'by')}
    FROM imports i
    JOIN entry_batches b ON b.id = i.batch_id
    LEFT JOIN users u ON u.id = b.created_by
    WHERE ${id === undefined ? sql`true` : sql`i.id = ${id}`}
    ORDER BY i.id DESC
    LIMIT 100`.execute(db);
  return rows.map((row) => ({
    id: Number(row.id),
    batchId: Number(row.batch_id),
    kind: row.kind,
    fileName: row.file_name,
    sha256: row.sha256,
    rows: row.rows,
    credit: new ExactMoney(row.credit),
    debit: new ExactMoney(row.debit),
    partiesCreated: Number(row.parties),
    createdBy:
      row.by_id === null
        ? null
        : {
            id: row.by_id,
            name: row.by_name ?? '',
            email: row.by_email ?? '',
            former: row.by_former === true,
          },
    createdAt: row.created_at,
    reversedAt: row.reversed_at,
    reverseReason: row.reverse_reason,
  }));
}

// Undoing an import: the batch's entries are reversed by reverseBatch; here the import is marked
// undone (the file may be imported again) and the parties it created go when nothing refers to
// them (an entries import's own parties stay: its entries and their reversals refer to them).
registerBatchReversal('import', async (tx, batchId) => {
  const row = await tx
    .updateTable('imports')
    .set({ undone: true })
    .where('batch_id', '=', batchId)
    .returning('id')
    .executeTakeFirst();
  if (!row) return;
  for (const [partyKind, table, column] of [
    ['client', 'clients', 'client_id'],
    ['employee', 'employees', 'employee_id'],
    ['expenseType', 'expense_types', 'expense_type_id'],
  ] as const) {
    await sql`
      DELETE FROM ${sql.table(table)} t
      USING import_parties p
      WHERE p.import_id = ${row.id} AND p.party_kind = ${partyKind} AND t.id = p.party_id
        AND NOT EXISTS (SELECT 1 FROM entries e WHERE ${sql.ref(`e.${column}`)} = t.id)`.execute(
      tx,
    );
  }
});
