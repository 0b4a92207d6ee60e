// Employees: the parties salary entries are recorded against.
import { apiMessages, type Employee } from 'contract';
import { crud, type CrudRepository, type Fields } from './crud.js';

const table = crud<Employee>({
  table: 'employees',
  entity: 'employee',
  columns: { name: 'name', email: 'email', number: 'number' },
  notFound: apiMessages.employeeNotFound,
  inUse: { column: 'employee_id', message: apiMessages.employeeInUse },
});

/**
 * The values as stored: a number sent as a JSON number (the contract's EmployeeNumber takes one)
 * is kept as its digits, like a number sent as text.
 */
const stored = (values: Partial<Fields<Employee>>): Partial<Fields<Employee>> =>
  values.number === undefined ? values : { ...values, number: String(values.number) };

export const employees: CrudRepository<Employee> = {
  ...table,
  create: (db, actorId, values) => table.create(db, actorId, stored(values)),
  update: (db, actorId, id, values, action) =>
    table.update(db, actorId, id, stored(values), action),
};
