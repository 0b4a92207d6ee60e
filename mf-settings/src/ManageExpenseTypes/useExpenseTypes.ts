// The data of Settings > Expenses: the list of expense types and the four writes on it, each
// with the spec's alerts. A write refreshes the list through the cache (shared-ui's
// `invalidates`), so nothing here reloads by hand.
import type { ExpenseType } from 'contract';
import {
  confirm,
  endpoints,
  errorMessage,
  messages,
  notify,
  useApiMutation,
  useApiQuery,
} from 'shared-ui';

/** Which row action is in flight; every row button is disabled meanwhile. */
export type RowAction = 'delete' | 'status' | 'update';

export const isActive = (type: ExpenseType) => type.status === 'Active';

const NO_TYPES: ExpenseType[] = [];

export function useExpenseTypes() {
  const list = useApiQuery(endpoints.listExpenseTypes, undefined);
  const add = useApiMutation(endpoints.addExpenseType);
  const update = useApiMutation(endpoints.updateExpenseType);
  const remove = useApiMutation(endpoints.deleteExpenseType);
  const toggle = useApiMutation(endpoints.toggleExpenseTypeStatus);

  /** Adds a type; true when it was added (the form then clears). */
  const addType = async (name: string): Promise<boolean> => {
    if (name === '') {
      notify(messages.enterExpenseType);
      return false;
    }
    try {
      await add.mutateAsync({ body: { expancetype: name } });
      notify(messages.expenseTypeAdded);
      return true;
    } catch (error) {
      notify(errorMessage(error, endpoints.addExpenseType.texts.error));
      return false;
    }
  };

  /** Renames a type; false when the name is empty (edit mode stays), true once it was tried. */
  const renameType = async (id: number, name: string): Promise<boolean> => {
    if (name === '') {
      notify(messages.enterAValue);
      return false;
    }
    try {
      await update.mutateAsync({ params: { id }, body: { expancetype: name } });
      notify(messages.expenseTypeUpdated);
    } catch (error) {
      notify(errorMessage(error, endpoints.updateExpenseType.texts.error));
    }
    return true;
  };

  const deleteType = async (type: ExpenseType) => {
    if (!confirm(messages.confirmDeleteExpenseType)) return;
    try {
      await remove.mutateAsync({ params: { id: type.id } });
    } catch (error) {
      notify(errorMessage(error, endpoints.deleteExpenseType.texts.error));
    }
  };

  const toggleStatus = async (type: ExpenseType) => {
    const question = isActive(type)
      ? messages.confirmSuspendExpenseType
      : messages.confirmActivateExpenseType;
    if (!confirm(question)) return;
    try {
      // The server decides from the status the row showed (docs/product.md#calls).
      await toggle.mutateAsync({ params: { id: type.id, currentStatus: type.status } });
    } catch (error) {
      notify(errorMessage(error, endpoints.toggleExpenseTypeStatus.texts.error));
    }
  };

  const inFlight: { id: number; action: RowAction } | null = update.isPending
    ? { id: update.variables.params.id, action: 'update' }
    : remove.isPending
      ? { id: remove.variables.params.id, action: 'delete' }
      : toggle.isPending
        ? { id: toggle.variables.params.id, action: 'status' }
        : null;

  return {
    types: list.data?.users ?? NO_TYPES,
    loading: list.isPending,
    adding: add.isPending,
    /** Whether this action of this row is in flight. */
    busyFor: (id: number, action: RowAction) => inFlight?.id === id && inFlight.action === action,
    anyRowBusy: inFlight !== null,
    addType,
    renameType,
    deleteType,
    toggleStatus,
  };
}
