// The behaviour the three People screens share (spec §2, §4, §5, §8), run against each page as
// the shell loads it. Texts are spelt out here rather than read from the catalogue, so a typo in
// the catalogue fails a test.
import type { ComponentType } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from 'shared-ui';
import { ClientsPage } from '../ClientsPage';
import { EmployeesPage } from '../EmployeesPage';
import { UsersPage } from '../UsersPage';
import { deferred, renderPage, installApiSpies } from '../testing/people-test-utils';

interface ScreenCase {
  Page: ComponentType;
  title: string;
  manageTab: string;
  /** As the texts spell it: user, employee, client. */
  noun: string;
  paths: { list: string; add: string; update: string; remove: string };
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
    paths: {
      list: '/users/getUser',
      add: '/users/register',
      update: '/users/updateuser/1',
      remove: '/users/deleteUser/1',
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
    paths: {
      list: '/employees/getEmployees',
      add: '/employees/addEmployee',
      update: '/employees/updateEmployee/1',
      remove: '/employees/deleteEmployee/1',
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
    paths: {
      list: '/clients/getClients',
      add: '/clients/addClient',
      update: '/clients/updateClient/1',
      remove: '/clients/deleteClient/1',
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
  const spies = installApiSpies(() => rows);
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
  });

  describe('adding', () => {
    it('should alert "Please fill all fields" for an empty form and not call the API', async () => {
      await renderPage(<c.Page />);
      await userEvent.click(addButton());
      expect(spies.alert).toHaveBeenCalledWith('Please fill all fields');
      expect(spies.post).not.toHaveBeenCalled();
    });

    it.each(Object.keys(c.fill))(
      'should alert "Please fill all fields" when only %s is missing',
      async (missing) => {
        await renderPage(<c.Page />);
        await fillAddForm(missing);
        await userEvent.click(addButton());
        expect(spies.alert).toHaveBeenCalledWith('Please fill all fields');
        expect(spies.post).not.toHaveBeenCalled();
      },
    );

    it('should show Adding... on a disabled button, then confirm, clear the form and reload the list', async () => {
      const call = deferred();
      spies.post.mockReturnValueOnce(call.promise);
      await renderPage(<c.Page />);
      await waitFor(() => expect(spies.get).toHaveBeenCalledTimes(1));
      await fillAddForm();
      await userEvent.click(addButton());

      expect(screen.getByRole('button', { name: 'Adding...' })).toBeDisabled();
      expect(spies.post).toHaveBeenCalledWith(c.paths.add, c.addBody, {
        failure: `Failed to add ${c.noun}`,
        error: `Error adding ${c.noun}`,
      });
      call.resolve({ message: `${Noun} added successfully!` });

      await waitFor(() => expect(spies.alert).toHaveBeenCalledWith(`${Noun} added successfully!`));
      for (const label of Object.keys(c.fill)) expect(screen.getByLabelText(label)).toHaveValue('');
      expect(spies.get).toHaveBeenCalledTimes(2);
      expect(addButton()).toBeEnabled();
    });

    it.each([
      ['the server message', new ApiError('A user with this email already exists', 409), null],
      ['the fallback for a reply without one', new ApiError(`Failed to add ${c.noun}`, 500), null],
      [
        'the error text for a network failure',
        new TypeError('Failed to fetch'),
        `Error adding ${c.noun}`,
      ],
    ])('should alert %s when adding fails and keep what was typed', async (_what, error, text) => {
      spies.post.mockRejectedValueOnce(error);
      await renderPage(<c.Page />);
      await fillAddForm();
      await userEvent.click(addButton());
      await waitFor(() => expect(spies.alert).toHaveBeenCalledWith(text ?? error.message));
      expect(screen.getByLabelText('Name')).toHaveValue('Chen Li');
      expect(addButton()).toBeEnabled();
    });
  });

  describe('the list', () => {
    it('should show Loading... and then each record with Edit and Delete', async () => {
      const list = deferred();
      spies.get.mockReturnValueOnce(list.promise);
      render(<c.Page />);
      await userEvent.click(screen.getByRole('tab', { name: c.manageTab }));
      expect(screen.getByRole('status')).toHaveTextContent('Loading...');
      list.resolve({ users: c.rows });

      const row = within(await screen.findByRole('row', { name: /Asha Rao/ }));
      expect(row.getByRole('cell', { name: 'asha@example.com' })).toBeInTheDocument();
      expect(row.getByRole('button', { name: 'Edit' })).toBeEnabled();
      expect(row.getByRole('button', { name: 'Delete' })).toBeEnabled();
      expect(screen.getByRole('table', { name: c.title })).toBeInTheDocument();
      expect(spies.get).toHaveBeenCalledWith(c.paths.list, {
        failure: `Failed to fetch ${c.noun}s`,
        error: `Error fetching ${c.noun}s`,
      });
    });

    it('should show No records found for an empty list', async () => {
      rows = [];
      await renderPage(<c.Page />);
      await userEvent.click(screen.getByRole('tab', { name: c.manageTab }));
      expect(await screen.findByText('No records found')).toBeInTheDocument();
    });

    it.each([
      ['the server message', new ApiError('Please sign in to continue', 401), null],
      ['the fallback', new ApiError(`Failed to fetch ${c.noun}s`, 500), null],
      [
        'the error text for a network failure',
        new SyntaxError('bad JSON'),
        `Error fetching ${c.noun}s`,
      ],
    ])('should alert %s when the list cannot be fetched', async (_what, error, text) => {
      spies.get.mockRejectedValueOnce(error);
      await renderPage(<c.Page />);
      await waitFor(() => expect(spies.alert).toHaveBeenCalledWith(text ?? error.message));
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
    });

    it.each([['Close'], ['Close dialog']])(
      'should close the modal on its %s button without saving',
      async (name) => {
        const dialog = within(await openEdit());
        await userEvent.click(dialog.getByRole('button', { name }));
        expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
        expect(spies.put).not.toHaveBeenCalled();
      },
    );

    it('should alert "Please fill all fields" when a required field is emptied', async () => {
      const dialog = within(await openEdit());
      await userEvent.clear(dialog.getByLabelText('Name'));
      await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
      expect(spies.alert).toHaveBeenCalledWith('Please fill all fields');
      expect(spies.put).not.toHaveBeenCalled();
      expect(screen.getByRole('dialog')).toBeInTheDocument();
    });

    it('should show Saving... with every button disabled, then confirm, close and reload', async () => {
      const call = deferred();
      spies.put.mockReturnValueOnce(call.promise);
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
      expect(spies.put).toHaveBeenCalledWith(c.paths.update, c.edit.body, {
        failure: `Failed to update ${c.noun}`,
        error: `Error updating ${c.noun}`,
      });
      call.resolve({ message: `${Noun} updated successfully!` });

      await waitFor(() =>
        expect(spies.alert).toHaveBeenCalledWith(`${Noun} updated successfully!`),
      );
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      await waitFor(() => expect(spies.get).toHaveBeenCalledTimes(2));
    });

    it.each([
      ['the server message', new ApiError(`${Noun} not found`, 404), null],
      ['the fallback', new ApiError(`Failed to update ${c.noun}`, 500), null],
      [
        'the error text for a network failure',
        new TypeError('Failed to fetch'),
        `Error updating ${c.noun}`,
      ],
    ])('should alert %s when saving fails and keep the modal open', async (_what, error, text) => {
      spies.put.mockRejectedValueOnce(error);
      const dialog = within(await openEdit());
      await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(spies.alert).toHaveBeenCalledWith(text ?? error.message));
      expect(screen.getByRole('dialog')).toBeInTheDocument();
      expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled();
      expect(spies.get).toHaveBeenCalledTimes(1);
    });
  });

  describe('deleting', () => {
    it('should do nothing when the confirmation is declined', async () => {
      spies.ask.mockReturnValueOnce(false);
      await openList();
      await userEvent.click(within(rowOf('Asha Rao')).getByRole('button', { name: 'Delete' }));
      expect(spies.ask).toHaveBeenCalledWith(`Are you sure you want to delete this ${c.noun}?`);
      expect(spies.del).not.toHaveBeenCalled();
      expect(spies.alert).not.toHaveBeenCalled();
    });

    it('should show Deleting... on that button with the others disabled, then confirm and reload', async () => {
      const call = deferred();
      spies.del.mockReturnValueOnce(call.promise);
      await openList();
      await userEvent.click(within(rowOf('Asha Rao')).getByRole('button', { name: 'Delete' }));

      expect(within(rowOf('Asha Rao')).getByRole('button', { name: 'Deleting...' })).toBeDisabled();
      expect(within(rowOf('Bilal Khan')).getByRole('button', { name: 'Delete' })).toBeDisabled();
      for (const button of screen.getAllByRole('button', { name: 'Edit' }))
        expect(button).toBeDisabled();
      expect(spies.del).toHaveBeenCalledWith(c.paths.remove, {
        failure: `Failed to delete ${c.noun}`,
        error: `Error deleting ${c.noun}`,
      });
      rows = c.rows.slice(1);
      call.resolve({ message: `${Noun} deleted successfully!` });

      await waitFor(() =>
        expect(spies.alert).toHaveBeenCalledWith(`${Noun} deleted successfully!`),
      );
      await waitFor(() =>
        expect(screen.queryByRole('cell', { name: 'Asha Rao' })).not.toBeInTheDocument(),
      );
      expect(spies.get).toHaveBeenCalledTimes(2);
      expect(within(rowOf('Bilal Khan')).getByRole('button', { name: 'Delete' })).toBeEnabled();
    });

    it.each([
      ['the server message', new ApiError(`This ${c.noun} cannot be deleted`, 409), null],
      ['the fallback', new ApiError(`Failed to delete ${c.noun}`, 500), null],
      [
        'the error text for a network failure',
        new TypeError('Failed to fetch'),
        `Error deleting ${c.noun}`,
      ],
    ])('should alert %s when deleting fails and keep the row', async (_what, error, text) => {
      spies.del.mockRejectedValueOnce(error);
      await openList();
      await userEvent.click(within(rowOf('Asha Rao')).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(spies.alert).toHaveBeenCalledWith(text ?? error.message));
      expect(within(rowOf('Asha Rao')).getByRole('button', { name: 'Delete' })).toBeEnabled();
      expect(spies.get).toHaveBeenCalledTimes(1);
    });
  });
});
