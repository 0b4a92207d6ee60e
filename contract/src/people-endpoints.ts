// The calls of employees and clients (tags employees, clients).
import { IdParams, MessageResponse } from './common.js';
import { defineEndpoint as endpoint } from './endpoint.js';
import {
  ClientBody,
  ClientList,
  ClientMutation,
  EmployeeBody,
  EmployeeList,
  EmployeeMutation,
} from './people.js';
import { employeeRoutes, clientRoutes } from './people-routes.js';

export const employeeEndpoints = {
  listEmployees: endpoint({
    ...employeeRoutes.listEmployees,
    tag: 'employees',
    summary: 'List every employee',
    responses: { 200: EmployeeList },
    errors: [],
  }),
  addEmployee: endpoint({
    ...employeeRoutes.addEmployee,
    tag: 'employees',
    summary: 'Add employee',
    body: EmployeeBody,
    responses: { 201: EmployeeMutation },
    errors: [404, 409],
  }),
  updateEmployee: endpoint({
    ...employeeRoutes.updateEmployee,
    tag: 'employees',
    summary: 'Change employee',
    params: IdParams,
    body: EmployeeBody,
    responses: { 200: EmployeeMutation },
    errors: [404, 409],
  }),
  deleteEmployee: endpoint({
    ...employeeRoutes.deleteEmployee,
    tag: 'employees',
    summary: 'Delete employee that has no entries',
    params: IdParams,
    responses: { 200: MessageResponse },
    errors: [404, 409],
  }),
};

export const clientEndpoints = {
  listClients: endpoint({
    ...clientRoutes.listClients,
    tag: 'clients',
    summary: 'List every client',
    responses: { 200: ClientList },
    errors: [],
  }),
  addClient: endpoint({
    ...clientRoutes.addClient,
    tag: 'clients',
    summary: 'Add client',
    body: ClientBody,
    responses: { 201: ClientMutation },
    errors: [404, 409],
  }),
  updateClient: endpoint({
    ...clientRoutes.updateClient,
    tag: 'clients',
    summary: 'Change client',
    params: IdParams,
    body: ClientBody,
    responses: { 200: ClientMutation },
    errors: [404, 409],
  }),
  deleteClient: endpoint({
    ...clientRoutes.deleteClient,
    tag: 'clients',
    summary: 'Delete client that has no entries',
    params: IdParams,
    responses: { 200: MessageResponse },
    errors: [404, 409],
  }),
};
