// Get started (issue 42): a new office's set-up list on the dashboard. Each item links to the
// screen where it is filled in and is ticked once it is (GET /api/setup); only the items the
// user's role can act on are listed (a viewer sees none, only admins keep the company and the
// money accounts). The list goes away when every item listed is done, or when the user dismisses
// it: either is remembered in this browser per user, and the list is not asked for again.
import { useEffect, useState } from 'react';
import type { Role, SetupStep } from 'contract/browser';
import { AppLink, Button, endpoints, href, useApiQuery, useCurrentUser } from 'shared-ui';
import './GetStarted.css';

interface SetupItem {
  step: SetupStep;
  /** The link's text: what to do (the sidebar's names stay the sidebar's). */
  label: string;
  /** What it is for, after the link. */
  detail: string;
  to: string;
  /** Who can fill it in: admins only, or anyone who may write. */
  admins?: true;
}

const ITEMS: SetupItem[] = [
  {
    step: 'company',
    label: 'Name your company',
    detail: 'the name heads every report, statement and export',
    to: href('settings', { tab: 'company' }),
    admins: true,
  },
  {
    step: 'expenseTypes',
    label: 'Add expense types',
    detail: 'what money is spent on (rent, fuel, ...)',
    to: href('settings', { tab: 'expenses' }),
  },
  { step: 'clients', label: 'Add clients', detail: 'who pays the office', to: href('clients') },
  {
    step: 'employees',
    label: 'Add employees',
    detail: 'who is paid a salary',
    to: href('employees'),
  },
  {
    step: 'accounts',
    label: 'Add your money accounts',
    detail: 'your bank accounts, and the opening balances',
    to: href('accounts'),
    admins: true,
  },
  {
    step: 'firstEntry',
    label: 'Record a first entry',
    detail: 'an expense, income or salary recorded',
    to: href('expenses'),
  },
];

/** The items a role can act on. */
export const setupItemsFor = (role: Role): SetupItem[] =>
  role === 'viewer' ? [] : ITEMS.filter((item) => role === 'admin' || !item.admins);

const dismissedKey = (userId: number) => `office-finance:get-started-dismissed:${userId}`;

function readDismissed(userId: number): boolean {
  try {
    return window.localStorage.getItem(dismissedKey(userId)) === 'yes';
  } catch {
    // Storage refused (private mode): the list shows until its items are done.
    return false;
  }
}

function rememberDismissed(userId: number): void {
  try {
    window.localStorage.setItem(dismissedKey(userId), 'yes');
  } catch {
    // Storage refused: dismissed for this visit only.
  }
}

export function GetStarted() {
  const { user } = useCurrentUser();
  const items = user ? setupItemsFor(user.role) : [];
  const [dismissed, setDismissed] = useState(false);
  const open = user !== undefined && items.length > 0 && !dismissed && !readDismissed(user.id);
  const setup = useApiQuery(endpoints.getSetup, undefined, {
    enabled: open,
    onError: 'log',
    refetchOnMount: 'always',
  });
  const status = setup.data;
  const allDone = status !== undefined && items.every((item) => status[item.step]);
  // Set up once is set up for good: the list is not asked for again on this browser.
  useEffect(() => {
    if (allDone && user) rememberDismissed(user.id);
  }, [allDone, user]);
  if (!open || !status || allDone) return null;
  const done = items.filter((item) => status[item.step]).length;

  const dismiss = () => {
    rememberDismissed(user.id);
    setDismissed(true);
  };

  return (
    <section className="ofs-card shell-get-started" aria-labelledby="shell-get-started-title">
      <div className="shell-get-started__head">
        <h2 id="shell-get-started-title" className="shell-get-started__title">
          Get started
        </h2>
        <p className="shell-get-started__count">
          {done} of {items.length} done
        </p>
        <Button variant="secondary" onClick={dismiss}>
          Dismiss
        </Button>
      </div>
      <ol className="shell-get-started__items">
        {items.map((item) => {
          const ticked = status[item.step];
          return (
            <li
              key={item.step}
              className={`shell-get-started__item${ticked ? ' shell-get-started__item--done' : ''}`}
            >
              <span className="shell-get-started__mark" aria-hidden="true">
                {ticked ? '✓' : '○'}
              </span>
              <AppLink to={item.to}>{item.label}</AppLink>
              <span className="shell-get-started__state">{ticked ? 'Done' : 'To do'}</span>
              <span className="shell-get-started__detail">{item.detail}</span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
