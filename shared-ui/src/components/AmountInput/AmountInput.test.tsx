import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AmountField, AmountInput, groupedAmount, plainAmount } from './AmountInput';

function Form() {
  const [amount, setAmount] = useState('');
  const [bare, setBare] = useState('2500');
  return (
    <>
      <AmountField label="Amount" value={amount} onChange={setAmount} />
      <AmountInput aria-label="Amount for Sara" value={bare} onChange={setBare} />
      <output>{`${amount}|${plainAmount(amount)}`}</output>
    </>
  );
}

describe('AmountInput', () => {
  it('shows "1234567.5" as "1,234,567.50" once left, and keeps the amount exact', async () => {
    render(<Form />);
    const amount = screen.getByLabelText('Amount');
    await userEvent.type(amount, '1234567.5');
    expect(amount).toHaveValue('1234567.5');
    await userEvent.tab();
    expect(amount).toHaveValue('1,234,567.50');
    expect(screen.getByRole('status')).toHaveTextContent('1234567.5|1234567.50');
    // Back in the field by Tab: the text shown stays, selected, and what is typed replaces it.
    await userEvent.tab({ shift: true });
    expect(amount).toHaveFocus();
    expect(amount).toHaveValue('1,234,567.50');
    (amount as HTMLInputElement).select();
    await userEvent.keyboard('250');
    expect(amount).toHaveValue('250');
    expect(screen.getByRole('status')).toHaveTextContent('250|250.00');
  });

  it('reads separators typed, and leaves a text that is no amount as typed', async () => {
    render(<Form />);
    expect(screen.getByLabelText('Amount for Sara')).toHaveValue('2,500.00');
    const amount = screen.getByLabelText('Amount');
    await userEvent.type(amount, '12,500.5');
    await userEvent.tab();
    expect(amount).toHaveValue('12,500.50');
    expect(screen.getByRole('status')).toHaveTextContent('12,500.5|12500.50');
    await userEvent.clear(amount);
    await userEvent.type(amount, '12,50');
    await userEvent.tab();
    expect(amount).toHaveValue('12,50');
    expect(screen.getByRole('status')).toHaveTextContent('12,50|null');
  });

  it('groups exactly past a double’s precision', () => {
    expect(groupedAmount('999999999999.99')).toBe('999,999,999,999.99');
    expect(plainAmount('999,999,999,999.99')).toBe('999999999999.99');
    expect(groupedAmount('')).toBe('');
    expect(groupedAmount('-5')).toBe('-5');
  });
});
