import { useState } from 'react';
import {
  AppLink,
  Button,
  DownloadButton,
  Field,
  confirm,
  messages,
  useApiWrite,
  useApiQuery,
  useIsAdmin,
  addressQuery,
  replaceAddressQuery,
} from 'shared-ui';
import type { MonthEndItem as OpenItem } from 'contract/browser';
import { ReportLayout } from '../../building-blocks/ReportLayout';
import './MonthEndPage.css';
import { monthEndCalls } from '../../helpers/month-end-calls';
import { monthName, monthOf, previousMonth } from '../../helpers/months';

/** The confirmation of a close: the month, and what is still open in it. */
export function closeQuestion(month: string, open: readonly OpenItem[]): string {
  const still = open.filter((item) => item.count > 0);
  const listed = still.map((item) => `${item.label}: ${item.count}`).join('; ');
  return still.length === 0
    ? `Close ${monthName(month)}? Nothing is open.`
    : `Close ${monthName(month)}? Still open: ${listed}.`;
}

/**
 * Month end: for a month, what is still open (each with its count and a link to exactly those
 * items), Close the month for admins, and the month-end pack as PDF and Excel.
 */
export function MonthEndPage() {
  // Last month unless the address names one: the month most often closed.
  const [month, setMonth] = useState(
    () => addressQuery('monthEnd').month ?? previousMonth(monthOf()),
  );
  const input = { query: { month } };
  const checklist = useApiQuery(monthEndCalls.checklist, input, { onError: 'alert' });
  const close = useApiWrite(monthEndCalls.close, {
    success: (answer) => `${answer.message}: books closed through ${answer.closedThrough}`,
  });
  const isAdmin = useIsAdmin();
  const items = checklist.data?.items ?? [];
  const data = checklist.data;
  const closedThrough = data?.closedThrough ?? null;

  const choose = (value: string) => {
    if (!value) return;
    setMonth(value);
    replaceAddressQuery('monthEnd', { month: value });
  };

  const onClose = async () => {
    if (!confirm(closeQuestion(month, items))) return;
    await close.run({ body: { month } });
  };

  return (
    <ReportLayout
      title="Month end"
      period={monthName(month)}
      filters={
        <div className="ofs-toolbar">
          <Field label="Month">
            {(id) => (
              <input
                id={id}
                name="month"
                type="month"
                className="ofs-input"
                value={month}
                onChange={(event) => choose(event.target.value)}
              />
            )}
          </Field>
        </div>
      }
    >
      {checklist.isFetching && <p role="status">{messages.loading}</p>}
      <p>
        {closedThrough ? `Books closed through ${closedThrough}.` : 'No period is closed.'}
        {data?.closed && ` ${monthName(month)} is closed.`}
      </p>
      {data && !data.canClose && data.refusal && isAdmin && <p>{data.refusal}</p>}
      <h2>Still open</h2>
      <ul className="reports-month-end__list">
        {items.map((item) => (
          <li key={item.key}>
            {item.count > 0 ? (
              <AppLink to={item.link}>
                {item.label}: {item.count}
              </AppLink>
            ) : (
              <span>
                {item.label}: {item.count}
              </span>
            )}
          </li>
        ))}
      </ul>
      <div className="reports-table__actions ofs-no-print">
        {isAdmin && (
          <Button
            busy={close.isPending}
            busyLabel="Closing..."
            disabled={!data?.canClose}
            onClick={() => void onClose()}
          >
            Close the month
          </Button>
        )}
        <DownloadButton
          endpoint={monthEndCalls.packPdf}
          input={input}
          label="Download month-end pack (PDF)"
        />
        <DownloadButton
          endpoint={monthEndCalls.packExcel}
          input={input}
          label="Download month-end pack (Excel)"
        />
      </div>
    </ReportLayout>
  );
}
