// The data of Settings > Expenses: the list of expense types and the four writes on it, each
// with the spec's alerts. A write refreshes the list through the cache (the contract's
// topics), so nothing here reloads by hand.
import type { ExpenseType } from 'contract/browser';
import { confirm, endpoints, messages, notify, useApiQuery, useApiWrite } from 'shared-ui';

/** Which row action is in flight; every row button is disabled meanwhile. */
export type RowAction = 'delete' | 'status' | 'update';

export const isActive = (type: ExpenseType) => type.status === 'Active';

const NO_TYPES: ExpenseType[] = [];

export function useExpenseTypes() {
  const list = useApiQuery(endpoints.listExpenseTypes, undefined);
  const add = useApiWrite(endpoints.addExpenseType, { success: messages.expenseTypeAdded });
  const update = useApiWrite(endpoints.updateExpenseType, { success: messages.expenseTypeUpdated });
  const remove = useApiWrite(endpoints.deleteExpenseType);
  const toggle = useApiWrite(endpoints.toggleExpenseTypeStatus);

  /** Adds a type; true when it was added (the form then clears). */
  const addType = async (name: string): Promise<boolean> => {
    if (name === '') {
      notify(messages.enterExpenseType);
      return false;
    }
    return (await add.run({ body: { expancetype: name } })).ok;
  };

  /** Renames a type; false when the name is empty (edit mode stays), true once it was tried. */
  const renameType = async (id: number, name: string): Promise<boolean> => {
    if (name === '') {
      notify(messages.enterAValue);
      return false;
    }
    await update.run({ params: { id }, body: { expancetype: name } });
    return true;
  };

  const deleteType = async (type: ExpenseType) => {
    if (!confirm(messages.confirmDeleteExpenseType)) return;
    await remove.run({ params: { id: type.id } });
  };

  const toggleStatus = async (type: ExpenseType) => {
    const question = isActive(type)
      ? messages.confirmSuspendExpenseType
      : messages.confirmActivateExpenseType;
    if (!confirm(question)) return;
    // The server decides from the status the row showed (docs/product.md#calls).
    await toggle.run({ params: { id: type.id, currentStatus: type.status } });
  };

  const inFlight: { id: number; action: RowAction } | null = update.pending
    ? { id: update.pending.params.id, action: 'update' }
    : remove.pending
      ? { id: remove.pending.params.id, action: 'delete' }
      : toggle.pending
        ? { id: toggle.pending.params.id, action: 'status' }
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
