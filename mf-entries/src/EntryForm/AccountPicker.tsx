import { Select } from 'shared-ui';
import { useAccountOptions } from '../AccountsPage/useAccountOptions';

export interface AccountPickerProps {
  /** The account chosen; empty: the default account, shown chosen. */
  value: string;
  onChange: (value: string) => void;
  /**
   * The default account chosen is told as its id, not as empty: where empty means something else
   * (a correction keeps the entry's own account when none is sent).
   */
  keepDefault?: boolean;
}

/**
 * Account: the money account an entry that moves money is paid from or received into (issue 33),
 * the default one preselected. Left on the default, the entry is sent without `accountId` and the
 * server books it to the default account. Shown only where there is a choice (two accounts or
 * more); with the Cash account alone, every entry goes there.
 */
export function AccountPicker({ value, onChange, keepDefault = false }: AccountPickerProps) {
  const { options, defaultId } = useAccountOptions();
  if (options.length < 2) return null;
  return (
    <Select
      label="Account"
      name="accountId"
      value={value || (defaultId === undefined ? '' : String(defaultId))}
      placeholder={defaultId === undefined ? 'Select account' : undefined}
      options={options}
      onChange={(chosen) => onChange(!keepDefault && chosen === String(defaultId) ? '' : chosen)}
    />
  );
}

/** The `accountId` an entry is sent with: only a money-moving side (Credit) names one. */
export const accountIdOf = (creditDebit: string, accountId: string) =>
  creditDebit === 'Credit' && accountId !== '' ? { accountId: Number(accountId) } : {};
