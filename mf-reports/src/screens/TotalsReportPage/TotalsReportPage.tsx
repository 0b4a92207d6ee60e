import { useEffect } from 'react';
import { messages } from 'contract';
import type { Totals } from 'contract';
import { StatCard, fetchTotals } from 'shared-ui';
import { ReportLayout } from '../../building-blocks/ReportLayout';
import { useReportData } from '../../helpers/useReportData';

/** System Totals: head-counts of admins, employees and clients. */
export function TotalsReportPage() {
  const { data, loading, run } = useReportData<Totals>({ alert: messages.errorFetchingData });
  useEffect(() => {
    void run(() => fetchTotals());
  }, [run]);

  return (
    <ReportLayout title="System Totals">
      {loading && <p role="status">{messages.loading}</p>}
      <div className="ofs-grid">
        <StatCard label="Admins" value={data?.admins ?? 0} />
        <StatCard label="Employees" value={data?.employees ?? 0} />
        <StatCard label="Clients" value={data?.clients ?? 0} />
      </div>
    </ReportLayout>
  );
}
