// Employees: the parties salary entries are recorded against.
import { apiMessages, type Employee } from 'contract';
import { badRequest } from '../lib/errors.js';
import { amountNumber, hasAtMostTwoDecimals, plainMoney } from 'contract';
import { crud, type CrudRepository, type Fields } from './crud.js';

const table = crud<Employee>({
  table: 'employees',
  entity: 'employee',
  columns: { name: 'name', email: 'email', number: 'number', monthlySalary: 'monthly_salary' },
  notFound: apiMessages.employeeNotFound,
  inUse: { column: 'employee_id', message: apiMessages.employeeInUse },
  // The monthly salary is shown only when the employee has one, so an employee without one
  // reads exactly as the spec writes it.
  present: ({ monthlySalary, ...row }) =>
    ({
      ...row,
      ...(monthlySalary === null || monthlySalary === undefined
        ? {}
        : { monthlySalary: amountNumber(monthlySalary as string) }),
    }) as Employee,
});

/**
 * The values as stored: a number sent as a JSON number (the contract's EmployeeNumber takes one)
 * is kept as its digits, like a number sent as text.
 */
const stored = (values: Partial<Fields<Employee>>): Partial<Fields<Employee>> => {
  const salary = values.monthlySalary as number | string | null | undefined;
  if (salary !== undefined && salary !== null && !hasAtMostTwoDecimals(Number(salary)))
    throw badRequest(apiMessages.monthlySalaryDecimals);
  return {
    ...values,
    ...(values.number === undefined ? {} : { number: String(values.number) }),
    // Sent as a number or a decimal string; null clears it.
    ...(values.monthlySalary === undefined || values.monthlySalary === null
      ? {}
      : { monthlySalary: plainMoney(Number(values.monthlySalary)) as unknown as number }),
  };
};

export const employees: CrudRepository<Employee> = {
  ...table,
  create: (db, actorId, values) => table.create(db, actorId, stored(values)),
  update: (db, actorId, id, values, action) =>
    table.update(db, actorId, id, stored(values), action),
};
