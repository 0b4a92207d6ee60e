import { StatCard, endpoints, useApiQuery, messages } from 'shared-ui';
import { ReportLayout } from '../../building-blocks/ReportLayout';
import { DownloadButtons } from '../../building-blocks/DownloadButtons';

/** System Totals: head-counts of admins, employees and clients. */
export function TotalsReportPage() {
  const totals = useApiQuery(endpoints.getTotals, undefined);
  const data = totals.data;

  return (
    <ReportLayout title="System Totals">
      {totals.isFetching && <p role="status">{messages.loading}</p>}
      <div className="ofs-grid">
        <StatCard label="Admins" value={data?.admins ?? 0} />
        <StatCard label="Employees" value={data?.employees ?? 0} />
        <StatCard label="Clients" value={data?.clients ?? 0} />
      </div>
      <div className="reports-table__actions ofs-no-print">
        <DownloadButtons excel={endpoints.totalsExcel} disabled={!data} />
      </div>
    </ReportLayout>
  );
}
