import { FormatRegistry } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import {
  EmployeeBody,
  IncomeEntryBody,
  IsoDate,
  RegisterUserBody,
  messages,
  nameKey,
  textFormats,
} from '../src/index.js';

// The server's validator knows the standard formats; TypeBox's own checker needs them named.
FormatRegistry.Set('email', (value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value));
FormatRegistry.Set('date', (value) => {
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
});
for (const [format, check] of Object.entries(textFormats)) FormatRegistry.Set(format, check);

describe('request schemas', () => {
  it('accept a complete income entry and refuse a zero amount or an unknown Credit/Debit', () => {
    const entry = { clientId: 1, amount: 10.5, Creditdebit: 'Debit', description: '' };
    expect(Value.Check(IncomeEntryBody, entry)).toBe(true);
    expect(Value.Check(IncomeEntryBody, { ...entry, amount: 0 })).toBe(false);
    expect(Value.Check(IncomeEntryBody, { ...entry, Creditdebit: 'Both' })).toBe(false);
  });

  it('keep employee numbers to digits, leading zeros included', () => {
    const employee = { name: 'Ali', email: 'ali@example.com', number: '0300123' };
    expect(Value.Check(EmployeeBody, employee)).toBe(true);
    expect(Value.Check(EmployeeBody, { ...employee, number: '0300-123' })).toBe(false);
  });

  it('refuse a blank name and an unknown role for a new user', () => {
    const user = {
      name: 'Sara',
      email: 'sara@example.com',
      password: 'long-enough',
      role: 'staff',
    };
    expect(Value.Check(RegisterUserBody, user)).toBe(true);
    expect(Value.Check(RegisterUserBody, { ...user, name: '   ' })).toBe(false);
    expect(Value.Check(RegisterUserBody, { ...user, role: 'owner' })).toBe(false);
  });

  it('refuse invisible and direction-changing characters in names, overrides in descriptions', () => {
    const user = { name: 'Sara', email: 'sara@example.com', password: 'long-enough' };
    for (const name of ['Sa\u200Bra', 'Sara \u202Earas', '\u3164', 'Sa\u00ADra', 'Sara\n'])
      expect({ name, valid: Value.Check(RegisterUserBody, { ...user, name }) }).toEqual({
        name,
        valid: false,
      });
    expect(Value.Check(RegisterUserBody, { ...user, name: 'Zoë \u2764\uFE0F' })).toBe(true);
    const entry = { clientId: 1, amount: 1, Creditdebit: 'Debit' };
    expect(Value.Check(IncomeEntryBody, { ...entry, description: 'a\nb \u200F' })).toBe(true);
    expect(Value.Check(IncomeEntryBody, { ...entry, description: 'a \u2066b' })).toBe(false);
  });

  it('give expense type names one key across case, spacing and letter forms', () => {
    const keys = ['Office Rent', 'office  RENT', 'Office\u00A0Rent', '\uFF2F\uFB03ce\u2003Rent '];
    expect(new Set(keys.map(nameKey))).toEqual(new Set(['office rent']));
    expect(nameKey('STRASSE')).toBe(nameKey('Straße'));
    expect(nameKey('ΣΟΦΟΣ')).toBe(nameKey('σοφος'));
    expect(nameKey('Cafe\u0301')).toBe(nameKey('CAFÉ'));
    expect(nameKey('Café')).not.toBe(nameKey('Cafe'));
  });

  it('take days as YYYY-MM-DD only', () => {
    expect(Value.Check(IsoDate, '2026-11-22')).toBe(true);
    expect(Value.Check(IsoDate, '2026-13-01')).toBe(false);
    expect(Value.Check(IsoDate, '2026-02-30')).toBe(false);
    expect(Value.Check(IsoDate, '22/11/2026')).toBe(false);
  });

  it('take days from 1900-01-01 to 9999-12-31 only', () => {
    expect(Value.Check(IsoDate, '1900-01-01')).toBe(true);
    expect(Value.Check(IsoDate, '9999-12-31')).toBe(true);
    for (const day of ['0000-01-01', '0001-01-01', '1899-12-31', '10000-01-01'])
      expect({ day, valid: Value.Check(IsoDate, day) }).toEqual({ day, valid: false });
  });

  it('take an amount as a JSON number or a plain decimal string, nothing looser', () => {
    const entry = { clientId: 1, Creditdebit: 'Debit' };
    for (const amount of [10.5, '12.30', '7', '999999999999.99'])
      expect({ amount, valid: Value.Check(IncomeEntryBody, { ...entry, amount }) }).toEqual({
        amount,
        valid: true,
      });
    for (const amount of [true, '0x10', '1e3', ' 5', '+5', '-5', '0', '0.00', '1.005', '', [5]])
      expect({ amount, valid: Value.Check(IncomeEntryBody, { ...entry, amount }) }).toEqual({
        amount,
        valid: false,
      });
  });
});

describe('message catalogue', () => {
  it('keeps the spec spellings that differ between screens', () => {
    expect(messages.expenseEntryAdded).toBe('Expense Added Successfully');
    expect(messages.expenseTypeAdded).toBe('Expense added successfully!');
    expect(messages.noRecordsFound).not.toBe(messages.noRecordsFoundTitle);
  });
});
