import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, notify, messages } from 'shared-ui';
import { emptyValues, hasMissing, toBody } from '../PeopleScreen/person-values';
import type { PeopleScreenConfig, PersonRecord } from '../PeopleScreen/types';
import { usePersonWrites } from '../PeopleScreen/usePersonWrites';
import { PersonFields } from '../PersonFields';

export interface AddPersonFormProps<Row extends PersonRecord> {
  config: PeopleScreenConfig<Row>;
}

/**
 * The Add tab: every field required; the form is cleared after a successful add, and the list
 * shows the new record.
 */
export function AddPersonForm<Row extends PersonRecord>({ config }: AddPersonFormProps<Row>) {
  const { fields, noun } = config;
  const writes = usePersonWrites(config);
  const [values, setValues] = useState(() => emptyValues(fields));
  const [adding, setAdding] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (hasMissing(fields, values, 'add')) {
      notify(messages.fillAllFields);
      return;
    }
    setAdding(true);
    const added = await writes.add(toBody(fields, values, 'add'));
    setAdding(false);
    if (added) setValues(emptyValues(fields));
  };

  return (
    // noValidate: the spec's single "Please fill all fields" alert replaces the browser's bubbles.
    <form aria-label={`Add ${noun}`} onSubmit={onSubmit} noValidate>
      <PersonFields fields={fields} values={values} onChange={setValues} mode="add" />
      <div className="mf-people__form-actions">
        <Button type="submit" busy={adding} busyLabel={messages.adding}>
          Add {noun}
        </Button>
      </div>
    </form>
  );
}
