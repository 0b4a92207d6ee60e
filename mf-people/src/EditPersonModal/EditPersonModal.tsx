import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Modal, notify, messages } from 'shared-ui';
import { hasMissing, toBody, valuesOf } from '../PeopleScreen/person-values';
import type { PeopleScreenConfig, PersonRecord } from '../PeopleScreen/types';
import { usePersonWrites } from '../PeopleScreen/usePersonWrites';
import { PersonFields } from '../PersonFields';

export interface EditPersonModalProps<Row extends PersonRecord> {
  config: PeopleScreenConfig<Row>;
  row: Row;
  onClose: () => void;
  /** Called after a successful save (the list shows it by then); the caller closes the modal. */
  onSaved: () => void;
  /** Reports a save in flight, so the list can disable its own buttons meanwhile. */
  onBusyChange: (busy: boolean) => void;
}

/** The edit dialog of one record (docs/product.md#states, #validation): closes on Close, the header button or success. */
export function EditPersonModal<Row extends PersonRecord>({
  config,
  row,
  onClose,
  onSaved,
  onBusyChange,
}: EditPersonModalProps<Row>) {
  const { fields, noun } = config;
  const formId = useId();
  const [values, setValues] = useState(() => valuesOf(fields, row));
  const [saving, setSaving] = useState(false);
  const writes = usePersonWrites(config);

  const setBusy = (busy: boolean) => {
    setSaving(busy);
    onBusyChange(busy);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (hasMissing(fields, values, 'edit')) {
      notify(messages.fillAllFields);
      return;
    }
    setBusy(true);
    const saved = await writes.update(row.id, toBody(fields, values, 'edit'));
    setBusy(false);
    if (saved) onSaved();
  };

  return (
    <Modal
      open
      title={`Edit ${noun}`}
      onClose={onClose}
      closeDisabled={saving}
      actions={
        <Button type="submit" form={formId} busy={saving} busyLabel={messages.saving}>
          Save
        </Button>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate>
        <PersonFields fields={fields} values={values} onChange={setValues} mode="edit" />
      </form>
    </Modal>
  );
}
