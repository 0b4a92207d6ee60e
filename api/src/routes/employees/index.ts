// /api/employees: the employee list and its changes; any signed-in user.
import type { FastifyPluginAsync } from 'fastify';
import { endpoints, messages } from 'contract';
import { employees } from '../../repositories/employees.js';
import { crudRoutes } from '../crud.js';

export const employeesRoutes: FastifyPluginAsync = async (app) => {
  crudRoutes(app, {
    endpoints: {
      list: [endpoints.listEmployees],
      add: endpoints.addEmployee,
      update: endpoints.updateEmployee,
      remove: endpoints.deleteEmployee,
    },
    repository: employees,
    messages: {
      added: messages.employeeAdded,
      updated: messages.employeeUpdated,
      deleted: messages.employeeDeleted,
    },
  });
};
