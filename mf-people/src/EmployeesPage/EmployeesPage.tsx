import type { Employee, EmployeeBody } from 'contract/browser';
import { endpoints } from 'shared-ui';
import { EMAIL_FIELD, NAME_FIELD, PeopleScreen, createPeopleConfig } from '../PeopleScreen';
import type { PersonField } from '../PeopleScreen';

const fields: Array<PersonField<keyof EmployeeBody>> = [
  NAME_FIELD,
  EMAIL_FIELD,
  // A phone or staff number: digits only, leading zeros kept, so text rather than type=number.
  { name: 'number', label: 'Number', kind: 'digits' },
  // Beside the spec's fields: what a payroll run offers to pay them; may stay empty.
  { name: 'monthlySalary', label: 'Monthly salary', kind: 'money', optional: true },
];

export const employeesConfig = createPeopleConfig<Employee>({
  kind: 'Employee',
  title: 'Employees',
  manageTab: 'Manage Employees',
  fields,
  balances: 'employee',
  endpoints: {
    list: endpoints.listEmployees,
    add: endpoints.addEmployee,
    update: endpoints.updateEmployee,
    remove: endpoints.deleteEmployee,
  },
});

/** Employees (docs/product.md#screens-and-routes): the people salaries are paid to. */
export function EmployeesPage() {
  return <PeopleScreen config={employeesConfig} />;
}
