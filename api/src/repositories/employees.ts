// Employees: the parties salary entries are recorded against.
import { apiMessages, type Employee } from 'contract';
import { crud } from './crud.js';

export const employees = crud<Employee>({
  table: 'employees',
  entity: 'employee',
  columns: { name: 'name', email: 'email', number: 'number' },
  notFound: apiMessages.employeeNotFound,
  inUse: { column: 'employee_id', message: apiMessages.employeeInUse },
});
