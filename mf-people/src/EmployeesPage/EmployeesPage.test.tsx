// What only the Employees screen does: a number that is digits only (docs/architecture.md#domain-rules).
import type { Employee } from 'contract/browser';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage, mockPeopleEndpoints } from '../testing/people-test-utils';
import { EmployeesPage, employeesConfig } from './EmployeesPage';

let listed: Employee[] = [];
const spies = mockPeopleEndpoints(employeesConfig.endpoints, () => listed);

beforeEach(() => {
  listed = [];
});

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
    await waitFor(() =>
      expect(spies.add.calls.map((call) => call.body)).toEqual([
        { name: 'Dana Noor', email: 'dana@example.com', number: '0042' },
      ]),
    );
  });

  it('should send a monthly salary when one is typed and list it as money', async () => {
    listed = [{ id: 1, name: 'Ali', email: 'ali@example.com', number: '1', monthlySalary: 1500.5 }];
    await renderPage(<EmployeesPage />);
    await userEvent.type(screen.getByLabelText('Name'), 'Dana Noor');
    await userEvent.type(screen.getByLabelText('Email'), 'dana@example.com');
    await userEvent.type(screen.getByLabelText('Number'), '7');
    await userEvent.type(screen.getByLabelText('Monthly salary'), ' 2000.50 ');
    await userEvent.click(screen.getByRole('button', { name: 'Add Employee' }));
    await waitFor(() =>
      expect(spies.add.calls.map((call) => call.body)).toEqual([
        { name: 'Dana Noor', email: 'dana@example.com', number: '7', monthlySalary: '2000.50' },
      ]),
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Manage Employees' }));
    expect(await screen.findByText('1,500.50')).toBeInTheDocument();
  });

  it('should show "1234567.5" typed as "1,234,567.50" and send the salary exact', async () => {
    await renderPage(<EmployeesPage />);
    await userEvent.type(screen.getByLabelText('Name'), 'Eda Kaya');
    await userEvent.type(screen.getByLabelText('Email'), 'eda@example.com');
    await userEvent.type(screen.getByLabelText('Number'), '8');
    const salary = screen.getByLabelText('Monthly salary');
    await userEvent.type(salary, '1234567.5');
    await userEvent.tab();
    expect(salary).toHaveValue('1,234,567.50');
    await userEvent.click(screen.getByRole('button', { name: 'Add Employee' }));
    await waitFor(() =>
      expect(spies.add.calls.map((call) => call.body)).toEqual([
        { name: 'Eda Kaya', email: 'eda@example.com', number: '8', monthlySalary: '1234567.50' },
      ]),
    );
  });
});
