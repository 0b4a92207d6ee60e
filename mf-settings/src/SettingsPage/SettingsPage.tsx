import { lazy, Suspense, useState } from 'react';
import { readQuery } from 'contract/browser';
import { AccountsAdmin, LoadingScreen, messages, Tabs, useIsAdmin } from 'shared-ui';
import { BackupSettings } from '../BackupSettings';
import { BooksClosedSettings } from '../BooksClosedSettings';
import { ManageExpenseTypes } from '../ManageExpenseTypes';
import { ReleaseSettings } from '../ReleaseSettings';
import { SecuritySettings } from '../SecuritySettings';

/**
 * The Company tab, in a chunk of its own: only admins see it, and its logo check brings contract's
 * API message catalogue (~7 KB gzipped), which opening Settings need not download.
 */
const CompanySettings = lazy(() =>
  import('../CompanySettings').then(({ CompanySettings }) => ({ default: CompanySettings })),
);

/**
 * The Settings screen (docs/product.md#screens-and-routes): Expenses and a placeholder Other Settings tab, then Security
 * (whether every admin must use two-step sign-in) and, for admins, Books closed (the day through
 * which no entry is accepted), Accounts (the money accounts), Backups, Company (the
 * details every Excel and PDF export is headed with) and Releases (each remote's served version
 * and canary, Promote and Roll back). `?tab=` opens one of them.
 */
export function SettingsPage() {
  const isAdmin = useIsAdmin();
  // The tab a link names (`/settings?tab=company`, the dashboard's set-up list), read on arrival.
  const [initialTab] = useState(() => readQuery('settings', window.location.search).tab);
  return (
    <div>
      <h1 className="ofs-page-title">Settings</h1>
      <Tabs
        label="Settings"
        initialTab={initialTab}
        tabs={[
          { id: 'expenses', label: 'Expenses', content: <ManageExpenseTypes /> },
          {
            id: 'other',
            label: 'Other Settings',
            content: <p>Other settings will appear here.</p>,
          },
          { id: 'security', label: messages.securityTab, content: <SecuritySettings /> },
          ...(isAdmin ? [{ id: 'accounts', label: 'Accounts', content: <AccountsAdmin /> }] : []),
          ...(isAdmin
            ? [{ id: 'books', label: 'Books closed', content: <BooksClosedSettings /> }]
            : []),
          ...(isAdmin
            ? [{ id: 'backups', label: messages.backupsTab, content: <BackupSettings /> }]
            : []),
          ...(isAdmin
            ? [
                {
                  id: 'company',
                  label: messages.companyTab,
                  content: (
                    <Suspense fallback={<LoadingScreen />}>
                      <CompanySettings />
                    </Suspense>
                  ),
                },
              ]
            : []),
          ...(isAdmin
            ? [{ id: 'releases', label: messages.releasesTab, content: <ReleaseSettings /> }]
            : []),
        ]}
      />
    </div>
  );
}
