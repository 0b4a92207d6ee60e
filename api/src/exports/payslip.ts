// A payslip as a PDF (issue 23, item 4): the statements' letterhead, lines and table
// (exports/pdf.ts), filled from repositories/payslip.ts.
import { messages } from 'contract';
import type { Payslip, PayslipEntry } from '../repositories/payslip.js';
import { monthName } from '../repositories/payroll.js';
import { printMoney } from './documents.js';
import { repeatedHeaderTable, type PdfCell, type PdfContent } from './pdf.js';

const SOURCES: Record<NonNullable<PayslipEntry['batchKind']> | 'form', string> = {
  payroll: messages.payslipByPayroll,
  import: messages.payslipByImport,
  recurring: messages.payslipByRecurring,
  form: messages.payslipByForm,
};

/** How the entry came to be: "Payroll run", "Salary form, reversed by #13", "Reversal of #12". */
function sourceOf(entry: PayslipEntry): string {
  if (entry.reversesId !== null) return `${messages.payslipReversalOf} #${entry.reversesId}`;
  const source = SOURCES[entry.batchKind ?? 'form'];
  return entry.reversedById === null
    ? source
    : `${source}, ${messages.payslipReversedBy} #${entry.reversedById}`;
}

export function payslipPdf(slip: Payslip): {
  title: string;
  details: string[];
  content: PdfContent[];
} {
  const span = (text: string, columns: number): PdfCell[] => [
    { text, colSpan: columns },
    ...Array.from({ length: columns - 1 }, () => ''),
  ];
  const body: PdfCell[][] = slip.entries.map((entry) => [
    entry.date,
    `#${entry.id}`,
    entry.description,
    sourceOf(entry),
    printMoney(entry.amount),
  ]);
  if (body.length === 0) body.push(span(messages.payslipNoEntries, 5));
  body.push([...span(messages.payslipTotalPaid, 4), printMoney(slip.total)]);
  const salary =
    slip.monthlySalary === null ? messages.payslipNoMonthlySalary : printMoney(slip.monthlySalary);
  return {
    title: messages.payslipTitle,
    details: [
      `${messages.payslipEmployee}: ${slip.employee.name}`,
      `${messages.payslipNumber}: ${slip.employee.number}`,
      `${messages.payslipEmail}: ${slip.employee.email}`,
      `${messages.payslipMonth}: ${monthName(slip.month)} (${slip.from} to ${slip.to})`,
      `${messages.payslipMonthlySalary}: ${salary}`,
    ],
    content: [
      repeatedHeaderTable(
        [
          { header: 'Date', width: 62 },
          { header: 'Entry', width: 48 },
          { header: 'Description', width: '*' },
          { header: 'Source', width: 130 },
          { header: 'Amount', width: 80, align: 'right' },
        ],
        body,
        { boldRows: new Set([body.length - 1]) },
      ),
    ],
  };
}
