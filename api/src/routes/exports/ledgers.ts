// The Excel and PDF files of the client, employee and expense ledgers: the party and range of the
// JSON call, checked the same way; a client's statement PDF ends with the aging of what is owed.
import type { FastifyInstance } from 'fastify';
import { endpoints, type Receivables } from 'contract';
import * as reports from '../../repositories/reports.js';
import {
  ledgerExcel,
  ledgerPdfContent,
  type LedgerRequest,
} from '../../exports/party-ledger-documents.js';
import { route } from '../route.js';
import { receivables } from '../../repositories/receivables.js';
import { agingLine } from '../../exports/budget-aging-documents.js';
import { json, type DateRangeLike, type ExportFiles } from './files.js';

export function ledgerDownloads(app: FastifyInstance, files: ExportFiles): void {
  const { rangeOrThisMonth, context, excel, pdf } = files;

  const clientLedger = async (
    query: { clientId: number } & DateRangeLike,
  ): Promise<LedgerRequest> => {
    const range = rangeOrThisMonth(query);
    return {
      kind: 'client',
      range,
      party: await reports.ledgerParty(app.db, 'income', query.clientId),
    };
  };
  const employeeLedger = async (
    query: { employeeId: number } & DateRangeLike,
  ): Promise<LedgerRequest> => {
    const range = rangeOrThisMonth(query);
    return {
      kind: 'employee',
      range,
      party: await reports.ledgerParty(app.db, 'salary', query.employeeId),
    };
  };
  const expenseLedger = (query: DateRangeLike): LedgerRequest => ({
    kind: 'expense',
    range: rangeOrThisMonth(query),
  });

  route(app, endpoints.clientLedgerExcel, async (request) => {
    const ledger = await clientLedger(request.query);
    return excel(
      endpoints.clientLedgerExcel.file.fileName,
      await ledgerExcel(await context(request), ledger),
    );
  });

  route(app, endpoints.employeeLedgerExcel, async (request) => {
    const ledger = await employeeLedger(request.query);
    return excel(
      endpoints.employeeLedgerExcel.file.fileName,
      await ledgerExcel(await context(request), ledger),
    );
  });

  route(app, endpoints.expenseLedgerExcel, async (request) => {
    const ledger = expenseLedger(request.query);
    return excel(
      endpoints.expenseLedgerExcel.file.fileName,
      await ledgerExcel(await context(request), ledger),
    );
  });

  route(app, endpoints.clientLedgerPdf, async (request) => {
    const ledger = await clientLedger(request.query);
    const ctx = await context(request);
    const statement = await ledgerPdfContent(ctx, ledger);
    // The aging of what is owed at the statement's end, under its closing balance.
    const aging = json<Receivables>(await receivables(app.db, ledger.range.to, ledger.party?.id));
    statement.details.push(agingLine(aging));
    return pdf(endpoints.clientLedgerPdf.file.fileName, ctx, statement);
  });

  route(app, endpoints.employeeLedgerPdf, async (request) => {
    const ledger = await employeeLedger(request.query);
    const ctx = await context(request);
    return pdf(endpoints.employeeLedgerPdf.file.fileName, ctx, await ledgerPdfContent(ctx, ledger));
  });

  route(app, endpoints.expenseLedgerPdf, async (request) => {
    const ledger = expenseLedger(request.query);
    const ctx = await context(request);
    return pdf(endpoints.expenseLedgerPdf.file.fileName, ctx, await ledgerPdfContent(ctx, ledger));
  });
}
