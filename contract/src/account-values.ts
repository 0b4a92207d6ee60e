// The values of accounts.ts that the browser reads (`contract/browser`), apart from the schemas that
// accounts.ts builds from them.

export const ACCOUNT_KINDS = ['Bank', 'Cash'] as const;

/** A signed money amount as typed: a number, or its plain decimal text (`-12.50`). */
export const SIGNED_AMOUNT_PATTERN = '^-?\\d{1,12}(\\.\\d{1,2})?$';

/** The office's currency: every amount of the books is in it (the screens' "RS"). */
export const OFFICE_CURRENCY = 'PKR';
