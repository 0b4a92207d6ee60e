// The report, ledger and picker calls of spec §7, with the error-catalogue texts of spec §8.
// Screens call these and never `fetch`; tests replace `api.get` underneath them.
import { messages } from 'contract';
import type {
  Client,
  ClientLedgerRow,
  ClientsVsSalesRow,
  Employee,
  EmployeeLedgerRow,
  EmployeesVsSalaryRow,
  ExpenseLedgerRow,
  ExpenseVsTypeRow,
  Finance,
  IncomeReportRow,
  Totals,
  YearlyRow,
} from 'contract';
import { api } from 'shared-ui';
import type { ApiMessages, DateRange } from 'shared-ui';

const DATA: ApiMessages = {
  failure: messages.errorFetchingData,
  error: messages.errorFetchingData,
};

/** The same text whether the server answered badly or not at all. */
export const ledgerMessages = (text: string): ApiMessages => ({ failure: text, error: text });

const query = (params: Record<string, string | number>) =>
  new URLSearchParams(
    Object.entries(params).map(([key, value]) => [key, String(value)]),
  ).toString();

/** Report endpoints answer arrays; anything else is treated as no rows. */
const rowsOf = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

export const fetchTotals = () => api.get<Totals>('/dashboard/totals', DATA);

export const fetchFinance = ({ from, to }: DateRange) =>
  api.get<Finance>(`/dashboard/finance?${query({ from, to })}`, DATA);

export const fetchClientsVsSales = async () =>
  rowsOf<ClientsVsSalesRow>(await api.get('/dashboard/getClientsVsSales', DATA));

/** Dates go as they stand, empty included (spec §9): empty means all time on the server. */
export const fetchEmployeesVsSalary = async ({ from, to }: DateRange) =>
  rowsOf<EmployeesVsSalaryRow>(
    await api.get(
      `/dashboard/getEmployeesVsSalary?${query({ startDate: from, endDate: to })}`,
      DATA,
    ),
  );

export const fetchExpenseVsType = async ({ from, to }: DateRange) =>
  rowsOf<ExpenseVsTypeRow>(
    await api.get(`/dashboard/getExpenseVsType?${query({ startDate: from, endDate: to })}`, DATA),
  );

export const fetchIncomeReport = async () =>
  rowsOf<IncomeReportRow>(await api.get('/dashboard/getIncomeReport', DATA));

export const fetchClientLedger = async (clientId: string, { from, to }: DateRange, text: string) =>
  rowsOf<ClientLedgerRow>(
    await api.get(
      `/dashboard/getClientLedger?${query({ clientId, startDate: from, endDate: to })}`,
      ledgerMessages(text),
    ),
  );

export const fetchEmployeeLedger = async (
  employeeId: string,
  { from, to }: DateRange,
  text: string,
) =>
  rowsOf<EmployeeLedgerRow>(
    await api.get(
      `/dashboard/getEmployeeLedger?${query({ employeeId, startDate: from, endDate: to })}`,
      ledgerMessages(text),
    ),
  );

/** Dates are sent only when both are set (spec §7); otherwise the server's current month. */
export const fetchExpenseLedger = async ({ from, to }: DateRange, text: string) => {
  const dates = from && to ? `?${query({ startDate: from, endDate: to })}` : '';
  return rowsOf<ExpenseLedgerRow>(
    await api.get(`/dashboard/getExpenseLedger${dates}`, ledgerMessages(text)),
  );
};

export const fetchYearly = async (year: number) =>
  rowsOf<YearlyRow>(await api.get(`/dashboard/yearly?${query({ year })}`, DATA));

export interface PartyOption {
  value: string;
  label: string;
}

/** A picker's choices from a list endpoint (`{ users: [...] }`), by id and name. */
async function fetchOptions(path: string, texts: ApiMessages): Promise<PartyOption[]> {
  const list: unknown = await api.get(path, texts);
  const records =
    list && typeof list === 'object' && Array.isArray((list as { users?: unknown }).users)
      ? (list as { users: Array<Pick<Client | Employee, 'id' | 'name'>> }).users
      : [];
  return records.map((record) => ({ value: String(record.id), label: record.name }));
}

export const fetchClientOptions = () =>
  fetchOptions('/clients/getClients', {
    failure: messages.failedFetchClients,
    error: messages.errorFetchingClients,
  });

export const fetchEmployeeOptions = () =>
  fetchOptions('/employees/getEmployees', {
    failure: messages.failedFetchEmployees,
    error: messages.errorFetchingEmployees,
  });
