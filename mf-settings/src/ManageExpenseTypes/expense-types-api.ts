// The expense-type calls of spec §7, each with its error-catalogue texts (spec §8).
import { messages } from 'contract';
import type { ExpenseType, ExpenseTypeList } from 'contract';
import { api } from 'shared-ui';

export async function fetchExpenseTypes(): Promise<ExpenseType[]> {
  const list = await api.get<Partial<ExpenseTypeList> | undefined>('/expance/getExpancetype', {
    failure: messages.failedFetchExpenseTypes,
    error: messages.errorFetchingExpenseTypes,
  });
  return Array.isArray(list?.users) ? list.users : [];
}

export function addExpenseType(expancetype: string): Promise<unknown> {
  return api.post(
    '/expance/addexpancetype',
    { expancetype },
    { failure: messages.failedAddExpenseType, error: messages.errorAddingExpenseType },
  );
}

export function updateExpenseType(id: number, expancetype: string): Promise<unknown> {
  return api.put(
    `/expance/updateexpancetype/${id}`,
    { expancetype },
    { failure: messages.failedUpdateExpenseType, error: messages.errorUpdatingExpenseType },
  );
}

export function deleteExpenseType(id: number): Promise<unknown> {
  return api.del(`/expance/deleteexpance/${id}`, {
    failure: messages.failedDeleteExpenseType,
    error: messages.errorDeletingExpenseType,
  });
}

/** Flips Active <-> Suspended; the server decides from the status the row showed. */
export function toggleExpenseTypeStatus(id: number, currentStatus: string): Promise<unknown> {
  return api.put(`/expance/D_A_xpancetype/${id}/${encodeURIComponent(currentStatus)}`, undefined, {
    failure: messages.failedUpdateStatus,
    error: messages.errorUpdatingStatus,
  });
}
