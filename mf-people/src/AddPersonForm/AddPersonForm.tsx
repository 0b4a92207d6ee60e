import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Button, clerkMessages, notify, messages } from 'shared-ui';
import { emptyValues, missingFields, toBody } from '../PeopleScreen/person-values';
import type { PeopleScreenConfig, PersonRecord } from '../PeopleScreen/types';
import { usePersonWrites } from '../PeopleScreen/usePersonWrites';
import { PersonFields } from '../PersonFields';

export interface AddPersonFormProps<Row extends PersonRecord> {
  config: PeopleScreenConfig<Row>;
}

/**
 * The Add tab: every field required; the form is cleared after a successful add, the list
 * shows the new record and the keyboard is back on the first field for the next one. An
 * incomplete form is refused with the spec's alert, its empty fields marked and named beside it.
 */
export function AddPersonForm<Row extends PersonRecord>({ config }: AddPersonFormProps<Row>) {
  const { fields, noun } = config;
  const writes = usePersonWrites(config);
  const [values, setValues] = useState(() => emptyValues(fields));
  const [adding, setAdding] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const form = useRef<HTMLFormElement>(null);
  const focusField = (name: string | undefined) =>
    form.current?.querySelector<HTMLElement>(name ? `[name="${name}"]` : '[name]')?.focus();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = missingFields(fields, values, 'add');
    if (missing.length > 0) {
      setErrors(
        Object.fromEntries(
          missing.map((field) => [field.name, `Type the ${field.label.toLowerCase()}`]),
        ),
      );
      focusField(missing[0]?.name);
      notify(messages.fillAllFields);
      return;
    }
    setErrors({});
    setAdding(true);
    const added = await writes.add(toBody(fields, values, 'add'));
    setAdding(false);
    if (added) {
      setValues(emptyValues(fields));
      focusField(undefined);
    }
  };
  const empty = fields.filter((field) => errors[field.name] !== undefined);

  return (
    // noValidate: the spec's single "Please fill all fields" alert replaces the browser's bubbles.
    <form ref={form} aria-label={`Add ${noun}`} onSubmit={onSubmit} noValidate data-screen-start>
      <PersonFields
        fields={fields}
        values={values}
        onChange={setValues}
        mode="add"
        errors={errors}
      />
      <div className="mf-people__form-actions">
        <Button type="submit" busy={adding} busyLabel={messages.adding}>
          Add {noun}
        </Button>
        {empty.length > 0 && (
          <p className="mf-people__empty-fields">
            {clerkMessages.emptyFieldsPrefix} {empty.map((field) => field.label).join(', ')}.
          </p>
        )}
      </div>
    </form>
  );
}
