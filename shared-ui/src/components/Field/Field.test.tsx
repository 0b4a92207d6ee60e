import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextField } from './Field';
import { DateInput } from '../DateInput';
import { Select } from '../Select';

function Form() {
  const [name, setName] = useState('');
  const [day, setDay] = useState('2024-05-01');
  const [role, setRole] = useState('staff');
  return (
    <>
      <TextField label="Name" value={name} onChange={setName} />
      <DateInput label="From Date" value={day} onChange={setDay} />
      <Select
        label="Role"
        value={role}
        onChange={setRole}
        options={[
          { value: 'staff', label: 'staff' },
          { value: 'admin', label: 'admin' },
        ]}
      />
      <output>{`${name}|${day}|${role}`}</output>
    </>
  );
}

describe('form fields', () => {
  it('should label every control and report changes', async () => {
    render(<Form />);
    await userEvent.type(screen.getByLabelText('Name'), 'Asha');
    expect(screen.getByLabelText('From Date')).toHaveAttribute('type', 'date');
    await userEvent.selectOptions(screen.getByLabelText('Role'), 'admin');
    expect(screen.getByRole('status')).toHaveTextContent('Asha|2024-05-01|admin');
  });
});
