import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { ExpenseType } from 'contract/browser';
import { Button, Table, TextField, useCanWrite, messages } from 'shared-ui';
import type { TableColumn } from 'shared-ui';
import { isActive, useExpenseTypes } from './useExpenseTypes';
import { BudgetCell } from './BudgetEditor';
import './ManageExpenseTypes.css';

/**
 * Settings > Expenses: add, rename inline, delete, suspend and activate expense types. A
 * read-only viewer sees the list alone; the controls show once the server has said the user
 * writes.
 */
export function ManageExpenseTypes() {
  const canWrite = useCanWrite() === true;
  const {
    types,
    loading,
    adding,
    busyFor,
    anyRowBusy,
    addType,
    renameType,
    deleteType,
    toggleStatus,
  } = useExpenseTypes();
  const [newName, setNewName] = useState('');
  const [refused, setRefused] = useState(false);
  // The add form's field: the keyboard goes back there after an add, and to it when refused.
  const nameField = useRef<HTMLInputElement>(null);
  const [editing, setEditing] = useState<{ id: number; value: string } | null>(null);

  const onAdd = async (event: FormEvent) => {
    event.preventDefault();
    const name = newName.trim();
    setRefused(name === '');
    if (name === '') nameField.current?.focus();
    if (await addType(name)) {
      setNewName('');
      nameField.current?.focus();
    }
  };

  const onUpdate = async () => {
    if (!editing) return;
    // The spec: Update leaves edit mode whether it succeeded or failed.
    if (await renameType(editing.id, editing.value.trim())) setEditing(null);
  };
  const onDelete = (type: ExpenseType) => void deleteType(type);
  const onToggleStatus = (type: ExpenseType) => void toggleStatus(type);

  const columns: Array<TableColumn<ExpenseType>> = [
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
    { key: 'budget', header: 'Budget', render: (type) => <BudgetCell type={type} /> },
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
              onClick={() => onDelete(type)}
            >
              Delete
            </Button>
            <Button
              variant="secondary"
              busy={busyFor(type.id, 'status')}
              busyLabel={isActive(type) ? messages.suspending : messages.activating}
              disabled={anyRowBusy}
              onClick={() => onToggleStatus(type)}
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
            inputRef={nameField}
            error={refused ? messages.enterExpenseType : undefined}
          />
          <Button type="submit" busy={adding} busyLabel={messages.adding}>
            Add Expense
          </Button>
        </form>
      )}
      <Table
        caption="Expense types"
        columns={columns}
        rows={types}
        rowKey={(type) => type.id}
        loading={loading && types.length === 0}
      />
    </section>
  );
}
