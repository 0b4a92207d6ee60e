import { useState } from 'react';
import type { FormEvent } from 'react';
import { messages } from 'contract';
import { Button, errorMessage, notify } from 'shared-ui';
import { emptyValues, hasMissing, toBody } from '../PeopleScreen/person-values';
import type { PeopleScreenConfig, PersonRecord } from '../PeopleScreen/types';
import { PersonFields } from '../PersonFields';

export interface AddPersonFormProps<Row extends PersonRecord> {
  config: PeopleScreenConfig<Row>;
  /** Called after a successful add, so the list shows the new record. */
  onAdded: () => void;
}

/** The Add tab: every field required; the form is cleared after a successful add. */
export function AddPersonForm<Row extends PersonRecord>({
  config,
  onAdded,
}: AddPersonFormProps<Row>) {
  const { fields, noun } = config;
  const [values, setValues] = useState(() => emptyValues(fields));
  const [adding, setAdding] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (hasMissing(fields, values, 'add')) {
      notify(messages.fillAllFields);
      return;
    }
    setAdding(true);
    try {
      await config.api.add(toBody(fields, values, 'add'));
      notify(config.messages.added);
      setValues(emptyValues(fields));
      onAdded();
    } catch (error) {
      notify(errorMessage(error, config.messages.add.error));
    } finally {
      setAdding(false);
    }
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
