import { useCallback, useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { messages } from 'contract';
import type { ExpenseType } from 'contract';
import {
  Button,
  DataTable,
  TextField,
  call,
  confirm,
  endpoints,
  errorMessage,
  notify,
  useCanWrite,
} from 'shared-ui';
import type { DataTableColumn } from 'shared-ui';
import './ManageExpenseTypes.css';

/** Which row action is in flight; every row button is disabled meanwhile. */
type RowBusy = { id: number; action: 'delete' | 'status' | 'update' } | null;

const isActive = (type: ExpenseType) => type.status === 'Active';

/**
 * Settings > Expenses: add, rename inline, delete, suspend and activate expense types. A
 * read-only viewer sees the list alone; the controls show once the server has said the user
 * writes.
 */
export function ManageExpenseTypes() {
  const canWrite = useCanWrite() === true;
  const [types, setTypes] = useState<ExpenseType[]>([]);
  const [loading, setLoading] = useState(true);
  const [newName, setNewName] = useState('');
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<{ id: number; value: string } | null>(null);
  const [rowBusy, setRowBusy] = useState<RowBusy>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setTypes((await call(endpoints.listExpenseTypes)).users);
    } catch (error) {
      notify(errorMessage(error, endpoints.listExpenseTypes.texts.error));
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const onAdd = async (event: FormEvent) => {
    event.preventDefault();
    const name = newName.trim();
    if (name === '') {
      notify(messages.enterExpenseType);
      return;
    }
    setAdding(true);
    try {
      await call(endpoints.addExpenseType, { body: { expancetype: name } });
      notify(messages.expenseTypeAdded);
      setNewName('');
      await load();
    } catch (error) {
      notify(errorMessage(error, endpoints.addExpenseType.texts.error));
    } finally {
      setAdding(false);
    }
  };

  const onUpdate = async () => {
    if (!editing) return;
    const value = editing.value.trim();
    if (value === '') {
      notify(messages.enterAValue);
      return;
    }
    setRowBusy({ id: editing.id, action: 'update' });
    try {
      await call(endpoints.updateExpenseType, {
        params: { id: editing.id },
        body: { expancetype: value },
      });
      notify(messages.expenseTypeUpdated);
      await load();
    } catch (error) {
      notify(errorMessage(error, endpoints.updateExpenseType.texts.error));
    } finally {
      // The spec: Update leaves edit mode whether it succeeded or failed.
      setEditing(null);
      setRowBusy(null);
    }
  };

  const onDelete = async (type: ExpenseType) => {
    if (!confirm(messages.confirmDeleteExpenseType)) return;
    setRowBusy({ id: type.id, action: 'delete' });
    try {
      await call(endpoints.deleteExpenseType, { params: { id: type.id } });
      await load();
    } catch (error) {
      notify(errorMessage(error, endpoints.deleteExpenseType.texts.error));
    } finally {
      setRowBusy(null);
    }
  };

  const onToggleStatus = async (type: ExpenseType) => {
    const question = isActive(type)
      ? messages.confirmSuspendExpenseType
      : messages.confirmActivateExpenseType;
    if (!confirm(question)) return;
    setRowBusy({ id: type.id, action: 'status' });
    try {
      // The server decides from the status the row showed (spec §7).
      await call(endpoints.toggleExpenseTypeStatus, {
        params: { id: type.id, currentStatus: type.status },
      });
      await load();
    } catch (error) {
      notify(errorMessage(error, endpoints.toggleExpenseTypeStatus.texts.error));
    } finally {
      setRowBusy(null);
    }
  };

  const busyFor = (id: number, action: NonNullable<RowBusy>['action']) =>
    rowBusy?.id === id && rowBusy.action === action;
  const anyRowBusy = rowBusy !== null;

  const columns: Array<DataTableColumn<ExpenseType>> = [
    { key: 'id', header: 'ID', render: (type) => type.id },
    {
      key: 'name',
      header: 'Expense Type',
      render: (type) =>
        editing?.id === type.id ? (
          <input
            className="ofs-input"
            aria-label={`New name for ${type.expancetype}`}
            value={editing.value}
            // Focus follows the Edit button that was just pressed.
            autoFocus
            onChange={(event) => setEditing({ id: type.id, value: event.target.value })}
            onKeyDown={(event) => {
              if (event.key === 'Enter') void onUpdate();
              if (event.key === 'Escape') setEditing(null);
            }}
          />
        ) : (
          type.expancetype
        ),
    },
    { key: 'status', header: 'Status', render: (type) => type.status },
  ];
  if (canWrite)
    columns.push({
      key: 'actions',
      header: 'Actions',
      render: (type) =>
        editing?.id === type.id ? (
          <div className="mf-settings__actions">
            <Button
              busy={busyFor(type.id, 'update')}
              busyLabel={messages.updating}
              disabled={anyRowBusy}
              onClick={() => void onUpdate()}
            >
              Update
            </Button>
            <Button variant="secondary" disabled={anyRowBusy} onClick={() => setEditing(null)}>
              Cancel
            </Button>
          </div>
        ) : (
          <div className="mf-settings__actions">
            <Button
              variant="secondary"
              disabled={anyRowBusy}
              onClick={() => setEditing({ id: type.id, value: type.expancetype })}
            >
              Edit
            </Button>
            <Button
              variant="danger"
              busy={busyFor(type.id, 'delete')}
              busyLabel={messages.deleting}
              disabled={anyRowBusy}
              onClick={() => void onDelete(type)}
            >
              Delete
            </Button>
            <Button
              variant="secondary"
              busy={busyFor(type.id, 'status')}
              busyLabel={isActive(type) ? messages.suspending : messages.activating}
              disabled={anyRowBusy}
              onClick={() => void onToggleStatus(type)}
            >
              {isActive(type) ? 'Suspend' : 'Activate'}
            </Button>
          </div>
        ),
    });

  return (
    <section aria-labelledby="mf-settings-expense-types">
      <h2 id="mf-settings-expense-types">Manage Expense Types</h2>
      {canWrite && (
        <form className="ofs-toolbar" onSubmit={onAdd} noValidate>
          <TextField
            label="Expense Type"
            name="expancetype"
            value={newName}
            onChange={setNewName}
          />
          <Button type="submit" busy={adding} busyLabel={messages.adding}>
            Add Expense
          </Button>
        </form>
      )}
      <DataTable
        caption="Expense types"
        columns={columns}
        rows={types}
        rowKey={(type) => type.id}
        loading={loading && types.length === 0}
      />
    </section>
  );
}
