import { BooksClosed } from '../BooksClosed';
import { DueList } from './DueList';
import { ScheduleForm } from './ScheduleForm';
import { ScheduleList } from './ScheduleList';
import { useRecurring } from './useRecurring';
import './RecurringPage.css';

/**
 * The /Recurring screen (issue 23): schedules of repeating entries and their due occurrences,
 * each posted (dated its own day) or skipped once.
 */
export function RecurringPage() {
  const recurring = useRecurring();
  return (
    <section className="mf-recurring">
      <h1 className="ofs-page-title">Recurring</h1>
      <BooksClosed />
      <DueList recurring={recurring} />
      <h2>Schedules</h2>
      <ScheduleForm recurring={recurring} />
      <ScheduleList recurring={recurring} />
    </section>
  );
}
