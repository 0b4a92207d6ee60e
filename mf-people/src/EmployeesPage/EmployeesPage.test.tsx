// What only the Employees screen does: a number that is digits only (DESIGN §5).
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage, installApiSpies } from '../testing/people-test-utils';
import { EmployeesPage } from './EmployeesPage';

const spies = installApiSpies(() => []);

describe('EmployeesPage', () => {
  it('should offer a numeric keypad for the number and keep only the digits typed', async () => {
    await renderPage(<EmployeesPage />);
    const number = screen.getByLabelText('Number');
    expect(number).toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(number, '0300-12 a34');
    expect(number).toHaveValue('03001234');
  });

  it('should send the number with its leading zero', async () => {
    await renderPage(<EmployeesPage />);
    await userEvent.type(screen.getByLabelText('Name'), 'Dana Noor');
    await userEvent.type(screen.getByLabelText('Email'), 'dana@example.com');
    await userEvent.type(screen.getByLabelText('Number'), '0042');
    await userEvent.click(screen.getByRole('button', { name: 'Add Employee' }));
    expect(spies.post).toHaveBeenCalledWith(
      '/employees/addEmployee',
      { name: 'Dana Noor', email: 'dana@example.com', number: '0042' },
      { failure: 'Failed to add employee', error: 'Error adding employee' },
    );
  });
});
