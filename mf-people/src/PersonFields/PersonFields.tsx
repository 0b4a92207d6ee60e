import { AmountField, Field, Select } from 'shared-ui';
import type { PersonField, PersonValues } from '../PeopleScreen/types';
import './PersonFields.css';

export interface PersonFieldsProps {
  fields: PersonField[];
  values: PersonValues;
  onChange: (values: PersonValues) => void;
  /** The edit modal honours each field's `edit` rule; the add form asks for everything. */
  mode: 'add' | 'edit';
  /** Refused fields by name, each with the text shown beside it. */
  errors?: Record<string, string>;
}

const INPUT_TYPE = {
  text: 'text',
  email: 'email',
  password: 'password',
  digits: 'text',
} as const;

/** The labelled inputs of one People form, shared by the Add tab and the edit modal. */
export function PersonFields({ fields, values, onChange, mode, errors = {} }: PersonFieldsProps) {
  const set = (name: string, value: string) => onChange({ ...values, [name]: value });

  return (
    <div className="mf-people__fields">
      {fields.map((field) => {
        const value = values[field.name] ?? '';
        if (field.kind === 'select') {
          return (
            <Select
              key={field.name}
              label={field.label}
              name={field.name}
              value={value}
              options={field.options ?? []}
              onChange={(next) => set(field.name, next)}
              error={errors[field.name]}
            />
          );
        }
        if (field.kind === 'money') {
          return (
            <AmountField
              key={field.name}
              label={field.label}
              name={field.name}
              value={value}
              onChange={(next) => set(field.name, next)}
              error={errors[field.name]}
            />
          );
        }
        const type = INPUT_TYPE[field.kind];
        const digits = field.kind === 'digits';
        const hint = mode === 'edit' ? field.editHint : undefined;
        return (
          <Field key={field.name} label={field.label} hint={hint} error={errors[field.name]}>
            {(id, described) => (
              <input
                {...described}
                id={id}
                name={field.name}
                className="ofs-input"
                type={type}
                value={value}
                readOnly={mode === 'edit' && field.edit === 'readOnly'}
                // Browsers must not fill a saved password into a form that sets one.
                autoComplete={field.kind === 'password' ? 'new-password' : 'off'}
                inputMode={digits ? 'numeric' : undefined}
                pattern={digits ? '[0-9]*' : undefined}
                onChange={(event) => {
                  const next = event.target.value;
                  // A number is digits only (docs/architecture.md#domain-rules): anything else typed or pasted is dropped.
                  set(field.name, digits ? next.replace(/\D/g, '') : next);
                }}
              />
            )}
          </Field>
        );
      })}
    </div>
  );
}
