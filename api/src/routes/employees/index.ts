// /api/employees: the employee list and its changes; any signed-in user.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EmployeeBody, EmployeeList, EmployeeMutation, messages } from 'contract';
import { employees } from '../../repositories/employees.js';
import { crudRoutes } from '../crud.js';

export const employeesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  crudRoutes(app, {
    tag: 'employees',
    noun: 'employee',
    paths: {
      list: ['/getEmployees'],
      add: '/addEmployee',
      update: '/updateEmployee/:id',
      remove: '/deleteEmployee/:id',
    },
    schemas: { body: EmployeeBody, list: EmployeeList, mutation: EmployeeMutation },
    repository: employees,
    messages: {
      added: messages.employeeAdded,
      updated: messages.employeeUpdated,
      deleted: messages.employeeDeleted,
    },
  });
};
