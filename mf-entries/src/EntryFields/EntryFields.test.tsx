import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EntryKind } from 'contract/browser';
import { axeViolations, endpoints, mockEndpoint, render } from 'shared-ui/testing';
import { comboboxOptions } from '../testing';
import { KINDS, expenseKind } from '../entry-kinds';
import { EntryFields } from './EntryFields';
import { usePartyOptions } from './usePartyOptions';

/** A form as Recurring has it: the kind chosen first, then its party and Credit/Debit. */
function KindForm({ start, onlyWithChoice }: { start: EntryKind; onlyWithChoice?: boolean }) {
  const [kind, setKind] = useState(start);
  const [partyId, setPartyId] = useState('');
  const [creditDebit, setCreditDebit] = useState('Credit');
  const { options } = usePartyOptions(kind);
  return (
    <form aria-label="Entry">
      <EntryFields
        kind={KINDS[kind]}
        kindPicker={{ name: 'kind', onChange: setKind }}
        party={{
          name: 'partyId',
          value: partyId,
          placeholder: 'Select',
          options,
          onChange: setPartyId,
        }}
        creditDebit={{
          name: 'creditDebit',
          value: creditDebit,
          onChange: setCreditDebit,
          onlyWithChoice,
        }}
      />
    </form>
  );
}

beforeEach(() => {
  mockEndpoint(endpoints.listClients, {
    users: [
      { id: 4, name: 'Beta', email: 'b@b.test', companyName: 'B Traders' },
      { id: 3, name: 'Acme', email: 'a@a.test', companyName: 'Acme' },
    ],
  });
  mockEndpoint(endpoints.listEmployees, {
    users: [{ id: 7, name: 'Sara', email: 's@s.test', number: 'E-7' }],
  });
  mockEndpoint(endpoints.listExpenseTypesForEntries, {
    users: [
      { id: 1, expancetype: 'Rent', status: 'Active' },
      { id: 2, expancetype: 'Old fees', status: 'Suspended' },
    ],
  });
});

describe('EntryFields', () => {
  it.each([
    ['income', 'Client', ['Select', 'Acme', 'Beta (B Traders)'], ['Credit', 'Debit']],
    ['expense', 'Expense type', ['Select', 'Old fees', 'Rent'], ['Credit']],
    ['salary', 'Employee', ['Select', 'Sara'], ['Credit']],
  ] as const)(
    'shows the party label and list and the Credit/Debit choices of %s',
    async (kind, partyLabel, parties, creditDebit) => {
      render(<KindForm start={kind} />);
      expect(screen.getByRole('combobox', { name: 'Kind' })).toHaveValue(kind);
      await waitFor(() => expect(comboboxOptions(partyLabel)).toEqual(parties));
      expect(comboboxOptions('Credit/Debit')).toEqual(creditDebit);
      expect(await axeViolations()).toEqual([]);
    },
  );

  it('offers the new kind party list and choices once the kind is changed', async () => {
    render(<KindForm start="income" />);
    await waitFor(() => expect(comboboxOptions('Client')).toHaveLength(3));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'Salary');
    await waitFor(() => expect(comboboxOptions('Employee')).toEqual(['Select', 'Sara']));
    expect(screen.queryByRole('combobox', { name: 'Client' })).toBeNull();
    expect(comboboxOptions('Credit/Debit')).toEqual(['Credit']);
  });

  it('leaves Credit/Debit out where the kind leaves no choice, if asked to', async () => {
    render(<KindForm start="expense" onlyWithChoice />);
    await waitFor(() => expect(comboboxOptions('Expense type')).toHaveLength(3));
    expect(screen.queryByRole('combobox', { name: 'Credit/Debit' })).toBeNull();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'Income');
    expect(comboboxOptions('Credit/Debit')).toEqual(['Credit', 'Debit']);
    expect(await axeViolations()).toEqual([]);
  });

  it('gives a new expense only the active expense types', () => {
    const answer = {
      users: [
        { id: 1, expancetype: 'Rent', status: 'Active' as const },
        { id: 2, expancetype: 'Old fees', status: 'Suspended' as const },
      ],
    };
    expect(expenseKind.openParties(answer).map((party) => party.name)).toEqual(['Rent']);
    expect(expenseKind.parties(answer).map((party) => party.name)).toEqual(['Old fees', 'Rent']);
  });
});
