// The behaviour the three People screens share (docs/product.md#screens-and-routes, #states, #validation, #messages), run against each page as
// the shell loads it. Texts are spelt out here rather than read from the catalogue, so a typo in
// the catalogue fails a test.
import type { ComponentType } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  axeViolations,
  endpoints,
  failWith,
  mockCurrentUser,
  networkFailure,
  unreadableAnswer,
} from 'shared-ui/testing';
import { ClientsPage } from '../ClientsPage';
import { EmployeesPage } from '../EmployeesPage';
import { UsersPage } from '../UsersPage';
import type { PeopleEndpoints } from '../PeopleScreen';
import { deferred, renderPage, mockPeopleEndpoints } from '../testing/people-test-utils';

interface ScreenCase {
  Page: ComponentType;
  title: string;
  manageTab: string;
  /** As the texts spell it: user, employee, client. */
  noun: string;
  endpoints: PeopleEndpoints;
  rows: Array<Record<string, unknown> & { id: number; name: string }>;
  /** Label -> text typed into the add form's text inputs. */
  fill: Record<string, string>;
  addBody: Record<string, string>;
  /** A text field the modal changes, the new value and the body the save sends. */
  edit: { label: string; value: string; body: Record<string, string> };
  /** Text matching only the first row by the screen's own third column, in odd case. */
  searchByThird: string;
}

const cases: ScreenCase[] = [
  {
    Page: UsersPage,
    title: 'Users',
    manageTab: 'Update User',
    noun: 'user',
    endpoints: {
      list: endpoints.listUsers,
      add: endpoints.registerUser,
      update: endpoints.updateUser,
      remove: endpoints.deleteUser,
    },
    rows: [
      { id: 1, name: 'Asha Rao', email: 'asha@example.com', role: 'admin' },
      { id: 2, name: 'Bilal Khan', email: 'bilal@example.com', role: 'staff' },
    ],
    fill: { Name: 'Chen Li', Email: 'chen@example.com', Password: 'correct horse' },
    addBody: {
      name: 'Chen Li',
      email: 'chen@example.com',
      password: 'correct horse',
      role: 'staff',
    },
    edit: {
      label: 'Name',
      value: 'Asha R. Rao',
      body: { name: 'Asha R. Rao', email: 'asha@example.com', role: 'admin' },
    },
    searchByThird: 'ADMIN',
  },
  {
    Page: EmployeesPage,
    title: 'Employees',
    manageTab: 'Manage Employees',
    noun: 'employee',
    endpoints: {
      list: endpoints.listEmployees,
      add: endpoints.addEmployee,
      update: endpoints.updateEmployee,
      remove: endpoints.deleteEmployee,
    },
    rows: [
      { id: 1, name: 'Asha Rao', email: 'asha@example.com', number: '0300111' },
      { id: 2, name: 'Bilal Khan', email: 'bilal@example.com', number: '0421999' },
    ],
    fill: { Name: 'Chen Li', Email: 'chen@example.com', Number: '0333444' },
    addBody: { name: 'Chen Li', email: 'chen@example.com', number: '0333444' },
    edit: {
      label: 'Number',
      value: '0555',
      body: { name: 'Asha Rao', email: 'asha@example.com', number: '0555' },
    },
    searchByThird: '0111',
  },
  {
    Page: ClientsPage,
    title: 'Clients',
    manageTab: 'Manage Clients',
    noun: 'client',
    endpoints: {
      list: endpoints.listClients,
      add: endpoints.addClient,
      update: endpoints.updateClient,
      remove: endpoints.deleteClient,
    },
    rows: [
      { id: 1, name: 'Asha Rao', email: 'asha@example.com', companyName: 'Rao Textiles' },
      { id: 2, name: 'Bilal Khan', email: 'bilal@example.com', companyName: 'Khan Motors' },
    ],
    fill: { Name: 'Chen Li', Email: 'chen@example.com', 'Company Name': 'Li Imports' },
    addBody: { name: 'Chen Li', email: 'chen@example.com', companyName: 'Li Imports' },
    edit: {
      label: 'Company Name',
      value: 'Rao Textiles Ltd',
      body: { name: 'Asha Rao', email: 'asha@example.com', companyName: 'Rao Textiles Ltd' },
    },
    searchByThird: 'textiles',
  },
];

const capital = (noun: string) => noun[0]?.toUpperCase() + noun.slice(1);

describe.each(cases)('$title screen', (c) => {
  const Noun = capital(c.noun);
  let rows = c.rows;
  const spies = mockPeopleEndpoints(c.endpoints, () => rows);
  beforeEach(() => {
    rows = c.rows;
  });

  const addButton = () => screen.getByRole('button', { name: `Add ${Noun}` });
  const fillAddForm = async (skip?: string) => {
    for (const [label, value] of Object.entries(c.fill)) {
      if (label !== skip) await userEvent.type(screen.getByLabelText(label), value);
    }
  };
  const openList = async () => {
    await renderPage(<c.Page />);
    await userEvent.click(screen.getByRole('tab', { name: c.manageTab }));
    await screen.findByRole('cell', { name: 'Asha Rao' });
  };
  const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });
  const openEdit = async () => {
    await openList();
    await userEvent.click(within(rowOf('Asha Rao')).getByRole('button', { name: 'Edit' }));
    return screen.getByRole('dialog', { name: `Edit ${Noun}` });
  };

  it('should show the title and open on the Add tab, with the list as the second tab', async () => {
    await renderPage(<c.Page />);
    expect(screen.getByRole('heading', { level: 1, name: c.title })).toBeInTheDocument();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Add', c.manageTab]);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(addButton()).toBeEnabled();
    expect(await axeViolations()).toEqual([]);
  });

  describe('adding', () => {
    it('should alert "Please fill all fields" for an empty form and not call the API', async () => {
      await renderPage(<c.Page />);
      await userEvent.click(addButton());
      expect(spies.dialogs.alerts).toContain('Please fill all fields');
      expect(spies.add.calls).toEqual([]);
    });

    it.each(Object.keys(c.fill))(
      'should alert "Please fill all fields" when only %s is missing',
      async (missing) => {
        await renderPage(<c.Page />);
        await fillAddForm(missing);
        await userEvent.click(addButton());
        expect(spies.dialogs.alerts).toContain('Please fill all fields');
        expect(spies.add.calls).toEqual([]);
        // Marked, named beside the button, and the keyboard on it.
        const field = screen.getByLabelText(missing);
        expect(field).toHaveAttribute('aria-invalid', 'true');
        expect(field).toHaveFocus();
        expect(screen.getByText(`Empty: ${missing}.`)).toBeInTheDocument();
      },
    );

    it('should show Adding... on a disabled button, then confirm, clear the form and reload the list', async () => {
      const call = deferred<{ message: string }>();
      spies.add.once(call.promise);
      await renderPage(<c.Page />);
      await waitFor(() => expect(spies.list.calls).toHaveLength(1));
      await fillAddForm();
      await userEvent.click(addButton());

      expect(screen.getByRole('button', { name: 'Adding...' })).toBeDisabled();
      await waitFor(() => expect(spies.add.calls.map((call) => call.body)).toEqual([c.addBody]));
      call.resolve({ message: `${Noun} added successfully!` });

      await waitFor(() => expect(spies.dialogs.alerts).toContain(`${Noun} added successfully!`));
      for (const label of Object.keys(c.fill)) expect(screen.getByLabelText(label)).toHaveValue('');
      // The keyboard is back on the first field, for the next one.
      expect(screen.getByLabelText(Object.keys(c.fill)[0] ?? '')).toHaveFocus();
      expect(spies.list.calls).toHaveLength(2);
      expect(addButton()).toBeEnabled();
    });

    it.each([
      [
        'the server message',
        failWith(409, 'A user with this email already exists'),
        'A user with this email already exists',
      ],
      ['the fallback for a reply without one', failWith(500), `Failed to add ${c.noun}`],
      ['the error text for a network failure', networkFailure(), `Error adding ${c.noun}`],
    ])(
      'should alert %s when adding fails and keep what was typed',
      async (_what, failure, text) => {
        spies.add.once(failure);
        await renderPage(<c.Page />);
        await fillAddForm();
        await userEvent.click(addButton());
        await waitFor(() => expect(spies.dialogs.alerts).toContain(text));
        expect(screen.getByLabelText('Name')).toHaveValue('Chen Li');
        expect(addButton()).toBeEnabled();
      },
    );
  });

  describe('the list', () => {
    it('should show Loading... and then each record with Edit and Delete', async () => {
      const list = deferred<{ users: typeof c.rows }>();
      spies.list.once(list.promise as never);
      await renderPage(<c.Page />);
      await userEvent.click(screen.getByRole('tab', { name: c.manageTab }));
      expect(screen.getByRole('status')).toHaveTextContent('Loading...');
      list.resolve({ users: c.rows });

      const row = within(await screen.findByRole('row', { name: /Asha Rao/ }));
      expect(row.getByRole('cell', { name: 'asha@example.com' })).toBeInTheDocument();
      expect(row.getByRole('button', { name: 'Edit' })).toBeEnabled();
      expect(row.getByRole('button', { name: 'Delete' })).toBeEnabled();
      expect(screen.getByRole('table', { name: c.title })).toBeInTheDocument();
      expect(spies.list.calls).toHaveLength(1);
      expect(await axeViolations()).toEqual([]);
    });

    it('should show No records found for an empty list', async () => {
      rows = [];
      await renderPage(<c.Page />);
      await userEvent.click(screen.getByRole('tab', { name: c.manageTab }));
      expect(await screen.findByText('No records found')).toBeInTheDocument();
    });

    it.each([
      // (A 401 signs the browser out instead: the screens only ever run signed in.)
      [
        'the server message',
        failWith(500, 'Something went wrong on the server, please try again'),
        'Something went wrong on the server, please try again',
      ],
      ['the fallback', failWith(500), `Failed to fetch ${c.noun}s`],
      ['the error text for a network failure', unreadableAnswer(), `Error fetching ${c.noun}s`],
    ])('should alert %s when the list cannot be fetched', async (_what, failure, text) => {
      spies.list.once(failure);
      await renderPage(<c.Page />);
      await waitFor(() => expect(spies.dialogs.alerts).toContain(text));
    });

    it('should filter as you type, ignoring case, by name, email and the third column', async () => {
      await openList();
      const search = screen.getByRole('searchbox', { name: 'Search' });

      await userEvent.type(search, 'bILAL');
      expect(screen.queryByRole('cell', { name: 'Asha Rao' })).not.toBeInTheDocument();
      expect(screen.getByRole('cell', { name: 'Bilal Khan' })).toBeInTheDocument();

      await userEvent.clear(search);
      await userEvent.type(search, 'ASHA@EXAMPLE');
      expect(screen.getByRole('cell', { name: 'Asha Rao' })).toBeInTheDocument();
      expect(screen.queryByRole('cell', { name: 'Bilal Khan' })).not.toBeInTheDocument();

      await userEvent.clear(search);
      await userEvent.type(search, c.searchByThird);
      expect(screen.getByRole('cell', { name: 'Asha Rao' })).toBeInTheDocument();
      expect(screen.queryByRole('cell', { name: 'Bilal Khan' })).not.toBeInTheDocument();

      await userEvent.clear(search);
      await userEvent.type(search, 'nobody by that name');
      expect(screen.getByText('No records found')).toBeInTheDocument();

      await userEvent.clear(search);
      expect(screen.getAllByRole('button', { name: 'Edit' })).toHaveLength(2);
    });
  });

  describe('editing', () => {
    it('should open a modal with the record filled in', async () => {
      const dialog = within(await openEdit());
      expect(dialog.getByLabelText('Name')).toHaveValue('Asha Rao');
      expect(dialog.getByLabelText('Email')).toHaveValue('asha@example.com');
      expect(await axeViolations()).toEqual([]);
    });

    it.each([['Close'], ['Close dialog']])(
      'should close the modal on its %s button without saving',
      async (name) => {
        const dialog = within(await openEdit());
        await userEvent.click(dialog.getByRole('button', { name }));
        expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
        expect(spies.update.calls).toEqual([]);
      },
    );

    it('should alert "Please fill all fields" when a required field is emptied', async () => {
      const dialog = within(await openEdit());
      await userEvent.clear(dialog.getByLabelText('Name'));
      await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
      expect(spies.dialogs.alerts).toContain('Please fill all fields');
      expect(spies.update.calls).toEqual([]);
      expect(screen.getByRole('dialog')).toBeInTheDocument();
    });

    it('should show Saving... with every button disabled, then confirm, close and reload', async () => {
      const call = deferred<{ message: string }>();
      spies.update.once(call.promise);
      const dialog = within(await openEdit());
      const input = dialog.getByLabelText(c.edit.label);
      await userEvent.clear(input);
      await userEvent.type(input, c.edit.value);
      await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

      expect(dialog.getByRole('button', { name: 'Saving...' })).toBeDisabled();
      expect(dialog.getByRole('button', { name: 'Close' })).toBeDisabled();
      expect(dialog.getByRole('button', { name: 'Close dialog' })).toBeDisabled();
      for (const button of screen.getAllByRole('button', { name: /^(Edit|Delete)$/, hidden: true }))
        expect(button).toBeDisabled();
      await waitFor(() => expect(spies.update.calls).toHaveLength(1));
      expect(spies.update.calls[0]).toMatchObject({ params: { id: '1' }, body: c.edit.body });
      call.resolve({ message: `${Noun} updated successfully!` });

      await waitFor(() => expect(spies.dialogs.alerts).toContain(`${Noun} updated successfully!`));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      await waitFor(() => expect(spies.list.calls).toHaveLength(2));
    });

    it.each([
      ['the server message', failWith(404, `${Noun} not found`), `${Noun} not found`],
      ['the fallback', failWith(500), `Failed to update ${c.noun}`],
      ['the error text for a network failure', networkFailure(), `Error updating ${c.noun}`],
    ])(
      'should alert %s when saving fails and keep the modal open',
      async (_what, failure, text) => {
        spies.update.once(failure);
        const dialog = within(await openEdit());
        await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
        await waitFor(() => expect(spies.dialogs.alerts).toContain(text));
        expect(screen.getByRole('dialog')).toBeInTheDocument();
        expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled();
        expect(spies.list.calls).toHaveLength(1);
      },
    );
  });

  describe('deleting', () => {
    it('should do nothing when the confirmation is declined', async () => {
      spies.dialogs.answerConfirms(false);
      await openList();
      await userEvent.click(within(rowOf('Asha Rao')).getByRole('button', { name: 'Delete' }));
      expect(spies.dialogs.confirms).toEqual([`Are you sure you want to delete this ${c.noun}?`]);
      expect(spies.remove.calls).toEqual([]);
      expect(spies.dialogs.alerts).toEqual([]);
    });

    it('should show Deleting... on that button with the others disabled, then confirm and reload', async () => {
      const call = deferred<{ message: string }>();
      spies.remove.once(call.promise);
      await openList();
      await userEvent.click(within(rowOf('Asha Rao')).getByRole('button', { name: 'Delete' }));

      expect(within(rowOf('Asha Rao')).getByRole('button', { name: 'Deleting...' })).toBeDisabled();
      expect(within(rowOf('Bilal Khan')).getByRole('button', { name: 'Delete' })).toBeDisabled();
      for (const button of screen.getAllByRole('button', { name: 'Edit' }))
        expect(button).toBeDisabled();
      await waitFor(() =>
        expect(spies.remove.calls.map((call) => call.params)).toEqual([{ id: '1' }]),
      );
      rows = c.rows.slice(1);
      call.resolve({ message: `${Noun} deleted successfully!` });

      await waitFor(() => expect(spies.dialogs.alerts).toContain(`${Noun} deleted successfully!`));
      await waitFor(() =>
        expect(screen.queryByRole('cell', { name: 'Asha Rao' })).not.toBeInTheDocument(),
      );
      expect(spies.list.calls).toHaveLength(2);
      expect(within(rowOf('Bilal Khan')).getByRole('button', { name: 'Delete' })).toBeEnabled();
    });

    it.each([
      [
        'the server message',
        failWith(409, `This ${c.noun} cannot be deleted`),
        `This ${c.noun} cannot be deleted`,
      ],
      ['the fallback', failWith(500), `Failed to delete ${c.noun}`],
      ['the error text for a network failure', networkFailure(), `Error deleting ${c.noun}`],
    ])('should alert %s when deleting fails and keep the row', async (_what, failure, text) => {
      spies.remove.once(failure);
      await openList();
      await userEvent.click(within(rowOf('Asha Rao')).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(spies.dialogs.alerts).toContain(text));
      expect(within(rowOf('Asha Rao')).getByRole('button', { name: 'Delete' })).toBeEnabled();
      expect(spies.list.calls).toHaveLength(1);
    });
  });

  describe('for a read-only viewer', () => {
    beforeEach(() => mockCurrentUser('viewer'));

    it('should show the list alone, with no Add, Edit or Delete', async () => {
      await renderPage(<c.Page />);
      const row = await screen.findByRole('row', { name: /Asha Rao/ });
      expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([c.manageTab]);
      expect(screen.queryByRole('button', { name: `Add ${Noun}` })).not.toBeInTheDocument();
      expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
      expect(within(row).queryByRole('button')).not.toBeInTheDocument();
      expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
      expect(screen.getByRole('searchbox', { name: 'Search' })).toBeInTheDocument();
    });

    it('should offer nothing before the server has said who is signed in', async () => {
      mockCurrentUser('viewer').answer(new Promise(() => undefined));
      await renderPage(<c.Page />);
      expect(screen.getByRole('status')).toHaveTextContent('Loading...');
      expect(screen.queryByRole('tab')).not.toBeInTheDocument();
      expect(screen.queryByRole('button')).not.toBeInTheDocument();
    });
  });
});
