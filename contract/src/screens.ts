// Every screen's path and the query it reads from its address, described once. Links between
// apps are built with `href(screen, query)` and screens read their query with `readQuery`, so a
// filter renamed or retyped here is a type error in every app that links to or reads it.
// Plain functions and data only: the browser gets this module whole.
import { ISO_DATE_PATTERN } from './common-values.js';
import { MONTH_PATTERN } from './payroll-values.js';
import { PAGE_CURSOR_PATTERN } from './paging-values.js';
import {
  AUDIT_ACTIONS,
  CREDIT_DEBIT,
  JOURNAL_KINDS,
  RECORD_KINDS,
  isOneOf,
} from './kind-values.js';
import type { AuditAction, JournalKind, RecordKind } from './kinds.js';
import { RECEIPT_FILTERS } from './receipt-values.js';
import { COMPARE_CHOICES } from './compare-values.js';
import { PROFIT_BASES } from './ledger/values.js';

/**
 * One parameter of a screen's address: how its text reads as a value (undefined: the text is not
 * one, and the screen acts as if the parameter were absent) and how a value is written.
 */
export interface QueryField<T> {
  read: (text: string) => T | undefined;
  write: (value: T) => string;
}

const field = <T>(
  read: (text: string) => T | undefined,
  write: (value: T) => string = String,
): QueryField<T> => ({ read, write });

const matching = (pattern: RegExp) =>
  field<string>((text) => (pattern.test(text) ? text : undefined));

const integerIn = (min: number, max: number) =>
  field<number>((text) => {
    if (!/^[0-9]{1,16}$/.test(text)) return undefined;
    const value = Number(text);
    return value >= min && value <= max ? value : undefined;
  });

/** The kinds of parameter the screens take. */
export const queryFields = {
  /** A calendar day, YYYY-MM-DD (years 1900 to 9999). */
  day: matching(new RegExp(ISO_DATE_PATTERN)),
  /** A record id, 1 to 2147483647. */
  id: integerIn(1, 2147483647),
  /** A year, 1900 to 9999. */
  year: integerIn(1900, 9999),
  /** An amount as a filter bound: >= 0, at most 2 decimals; typed thousands separators are read. */
  amount: field<number>((text) => {
    const plain = /^[0-9]{1,3}(,[0-9]{3})+(\.[0-9]{1,2})?$/.test(text)
      ? text.replaceAll(',', '')
      : text;
    return /^[0-9]{1,12}(\.[0-9]{1,2})?$/.test(plain) ? Number(plain) : undefined;
  }),
  /** Free text, up to 500 characters (the journal's search takes 100; the server says so). */
  text: matching(/^[\s\S]{1,500}$/),
  /** Digits only, as a record id of any kind is kept in the audit log. */
  digits: matching(/^[0-9]{1,19}$/),
  /** A paging position: the `next` of the previous page, as the list's call takes it (`after`). */
  cursor: matching(new RegExp(PAGE_CURSOR_PATTERN)),
  /** One of a list of names. */
  oneOf: <T extends string>(names: readonly T[]): QueryField<T> =>
    field<T>((text) => (isOneOf(names, text) ? text : undefined)),
};

const { day, id, year, amount, text, digits, cursor, oneOf } = queryFields;

/** The tabs of Settings, each opened from a link by `?tab=` (the set-up list's Company). */
export const SETTINGS_TABS = [
  'expenses',
  'other',
  'security',
  'accounts',
  'books',
  'backups',
  'company',
  'releases',
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** The journal's filters, as the journal calls take them, and its page position. */
const journalQuery = {
  from: day,
  to: day,
  kind: oneOf<JournalKind>(JOURNAL_KINDS),
  partyId: id,
  Creditdebit: oneOf(CREDIT_DEBIT),
  accountId: id,
  minAmount: amount,
  maxAmount: amount,
  q: text,
  batchId: id,
  after: cursor,
  receipt: oneOf(RECEIPT_FILTERS),
  recordedAfter: day,
};

/** startDate/endDate, as the spec's report calls name them. */
const reportDates = { startDate: day, endDate: day };

/** A month, YYYY-MM. */
const month = matching(new RegExp(MONTH_PATTERN));

/** A report's dates and what it is compared with (issue 34). */
const comparedDates = { ...reportDates, compare: oneOf(COMPARE_CHOICES) };

/** Any parameter: what every `QueryField<T>` is assignable to. */
type AnyField = { read: (text: string) => unknown; write: (value: never) => string };
type Fields = Readonly<Record<string, AnyField>>;

interface ScreenDefinition {
  /** The path exactly as the spec writes it (case matters: /Users, /Expances). */
  readonly path: string;
  /** The parameters its address may carry, in the order links write them. */
  readonly query: Fields;
}

const define = <const S extends Record<string, ScreenDefinition>>(list: S) => list;

/** Every screen of the product. The remotes' screens are also listed in remotes.json. */
export const screens = define({
  dashboard: { path: '/', query: {} },
  account: { path: '/Account', query: {} },
  users: { path: '/Users', query: {} },
  employees: { path: '/Employees', query: {} },
  clients: { path: '/Clients', query: {} },
  activity: {
    path: '/Activity',
    query: {
      who: id,
      kind: oneOf<RecordKind>(RECORD_KINDS),
      action: oneOf<AuditAction>(AUDIT_ACTIONS),
      from: day,
      to: day,
      record: digits,
      /** Deprecated for `after`: the id of the last row seen, in addresses written before. */
      before: id,
      /** Paging: the `next` of the previous page. */
      after: cursor,
    },
  },
  income: { path: '/Income', query: {} },
  expenses: { path: '/Expances', query: {} },
  salary: { path: '/Salary', query: {} },
  journal: { path: '/Journal', query: journalQuery },
  incomeReport: { path: '/IncomeReport', query: comparedDates },
  financeReport: { path: '/FinanceReport', query: comparedDates },
  expenseVsTypeReport: { path: '/ExpenseVsTypeReport', query: comparedDates },
  employeesVsSalaryReport: { path: '/EmployeesVsSalaryReport', query: comparedDates },
  clientsVsSales: { path: '/ClientsVsSales', query: {} },
  clientLedger: { path: '/ClientLedgerPage', query: { clientId: id, ...reportDates } },
  employeeLedger: { path: '/EmployeeLedgerPage', query: { employeeId: id, ...reportDates } },
  expenseLedger: { path: '/ExpenseLedgerPage', query: reportDates },
  yearlyReport: { path: '/YearlyReportPage', query: { year, compare: oneOf(COMPARE_CHOICES) } },
  totalsReport: { path: '/TotalsReport', query: {} },
  settings: { path: '/settings', query: { tab: oneOf(SETTINGS_TABS) } },
  payroll: { path: '/Payroll', query: { month } },
  recurring: { path: '/Recurring', query: {} },
  /** The money accounts, the transfers between them and the bank rules (issue 33). */
  accounts: { path: '/Accounts', query: {} },
  /** One account's register: `:id` is the account's id; paged like the journal. */
  accountRegister: { path: '/Accounts/:id', query: { after: cursor } },
  /** One account's reconciliation worklist. */
  reconcile: { path: '/Accounts/:id/reconcile', query: {} },
  import: { path: '/Import', query: {} },
  /** Budget vs actual for a month, or for a year to date. */
  budgetReport: { path: '/BudgetReport', query: { month, year } },
  /** What each client owes and since when, as of a day (today when absent). */
  receivablesReport: { path: '/ReceivablesReport', query: { date: day } },
  /** What is still open in a month, and its close. */
  monthEnd: { path: '/MonthEnd', query: { month } },
  /** The general ledger's accounts, grouped by type (issue 40). */
  chartOfAccounts: { path: '/ChartOfAccounts', query: {} },
  /** Vouchers: dated journal entries of balanced lines to any accounts. */
  vouchers: { path: '/Vouchers', query: {} },
  /** Every account's debit or credit balance at a day (today when absent). */
  trialBalance: { path: '/TrialBalance', query: { date: day } },
  /** Assets, liabilities and equity at a day (today when absent). */
  balanceSheet: { path: '/BalanceSheet', query: { date: day } },
  /** Income and expenses for a period, on the accrual or the cash basis. */
  profitLoss: {
    path: '/ProfitLoss',
    query: { from: day, to: day, basis: oneOf(PROFIT_BASES), compare: oneOf(COMPARE_CHOICES) },
  },
  /** One ledger account's lines for a period. */
  generalLedger: { path: '/GeneralLedger', query: { accountId: id, from: day, to: day } },
});

export type Screens = typeof screens;
export type ScreenName = keyof Screens;

type ValueOf<F> = F extends QueryField<infer T> ? T : never;

/** The query of a screen: each of its parameters optional, typed as the screen reads it. */
export type ScreenQuery<S extends ScreenName> = {
  -readonly [K in keyof Screens[S]['query']]?: ValueOf<Screens[S]['query'][K]>;
};

/** Reads one parameter of a query (URLSearchParams is one). */
export interface QueryParams {
  get: (name: string) => string | null;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text as a form-encoded query writes it, byte for byte what URLSearchParams writes. */
const encode = (value: string): string =>
  encodeURIComponent(value.replace(LONE_SURROGATE, '\uFFFD'))
    .replace(/[!'()~]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');

const decode = (value: string): string => {
  const spaced = value.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    // A stray `%` (typed into the address by hand) stays as it was typed.
    return spaced;
  }
};

/** The parameters of a query text (`?a=1&b=2`, with or without `?`); the first of a name wins. */
export function parseQuery(search: string): QueryParams {
  const values = new Map<string, string>();
  for (const part of search.replace(/^\?/, '').split('&')) {
    if (part === '') continue;
    const equals = part.indexOf('=');
    const name = decode(equals === -1 ? part : part.slice(0, equals));
    if (!values.has(name)) values.set(name, equals === -1 ? '' : decode(part.slice(equals + 1)));
  }
  return { get: (name) => values.get(name) ?? null };
}

const paramsOf = (search: string | QueryParams): QueryParams =>
  typeof search === 'string' ? parseQuery(search) : search;

const fieldsOf = (screen: ScreenName) =>
  Object.entries(screens[screen].query) as Array<[string, QueryField<unknown>]>;

/**
 * The query text of a screen's address (without `?`), parameters in the screen's order; absent,
 * undefined and empty values are left out.
 */
export function queryText<S extends ScreenName>(screen: S, query: ScreenQuery<S>): string {
  const values = query as Record<string, unknown>;
  const parts: string[] = [];
  for (const [name, definition] of fieldsOf(screen)) {
    const value = values[name];
    if (value === undefined || value === null || value === '') continue;
    parts.push(`${encode(name)}=${encode(definition.write(value))}`);
  }
  return parts.join('&');
}

/** The address of a screen with its query: `href('journal', { kind: 'income' })`. */
export function href<S extends ScreenName>(screen: S, query?: ScreenQuery<S>): string {
  const search = query ? queryText(screen, query) : '';
  return search ? `${screens[screen].path}?${search}` : screens[screen].path;
}

/**
 * The query of a screen from its address's query text (`?kind=income`, with or without `?`):
 * parameters it does not take, empty ones and ones whose text is not a value of their type are
 * left out.
 */
export function readQuery<S extends ScreenName>(
  screen: S,
  search: string | QueryParams,
): ScreenQuery<S> {
  const params = paramsOf(search);
  const query: Record<string, unknown> = {};
  for (const [name, definition] of fieldsOf(screen)) {
    const text = params.get(name);
    if (text === null || text === '') continue;
    const value = definition.read(text);
    if (value !== undefined) query[name] = value;
  }
  return query as ScreenQuery<S>;
}

/** The parameters of a screen's address whose text is there but is not a value of their type. */
export function unreadableParams(screen: ScreenName, search: string | QueryParams): string[] {
  const params = paramsOf(search);
  return fieldsOf(screen)
    .filter(([name, definition]) => {
      const text = params.get(name);
      return text !== null && text !== '' && definition.read(text) === undefined;
    })
    .map(([name]) => name);
}
