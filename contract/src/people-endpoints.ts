// The calls of employees and clients (tags employees, clients).
import { texts } from './endpoint-texts.js';
import { IdParams, MessageResponse } from './common.js';
import { defineEndpoint as endpoint } from './endpoint.js';
import { messages } from './messages.js';
import {
  ClientBody,
  ClientList,
  ClientMutation,
  EmployeeBody,
  EmployeeList,
  EmployeeMutation,
} from './people.js';

export const employeeEndpoints = {
  listEmployees: endpoint({
    method: 'GET',
    path: '/employees/getEmployees',
    tag: 'employees',
    summary: 'List every employee',
    access: 'signedIn',
    responses: { 200: EmployeeList },
    errors: [],
    texts: texts(messages.failedFetchEmployees, messages.errorFetchingEmployees),
  }),
  addEmployee: endpoint({
    method: 'POST',
    path: '/employees/addEmployee',
    tag: 'employees',
    summary: 'Add employee',
    access: 'signedIn',
    body: EmployeeBody,
    responses: { 201: EmployeeMutation },
    errors: [404, 409],
    texts: texts(messages.failedAddEmployee, messages.errorAddingEmployee),
  }),
  updateEmployee: endpoint({
    method: 'PUT',
    path: '/employees/updateEmployee/:id',
    tag: 'employees',
    summary: 'Change employee',
    access: 'signedIn',
    params: IdParams,
    body: EmployeeBody,
    responses: { 200: EmployeeMutation },
    errors: [404, 409],
    texts: texts(messages.failedUpdateEmployee, messages.errorUpdatingEmployee),
  }),
  deleteEmployee: endpoint({
    method: 'DELETE',
    path: '/employees/deleteEmployee/:id',
    tag: 'employees',
    summary: 'Delete employee that has no entries',
    access: 'signedIn',
    params: IdParams,
    responses: { 200: MessageResponse },
    errors: [404, 409],
    texts: texts(messages.failedDeleteEmployee, messages.errorDeletingEmployee),
  }),
};

export const clientEndpoints = {
  listClients: endpoint({
    method: 'GET',
    path: '/clients/getClients',
    tag: 'clients',
    summary: 'List every client',
    access: 'signedIn',
    responses: { 200: ClientList },
    errors: [],
    texts: texts(messages.failedFetchClients, messages.errorFetchingClients),
  }),
  addClient: endpoint({
    method: 'POST',
    path: '/clients/addClient',
    tag: 'clients',
    summary: 'Add client',
    access: 'signedIn',
    body: ClientBody,
    responses: { 201: ClientMutation },
    errors: [404, 409],
    texts: texts(messages.failedAddClient, messages.errorAddingClient),
  }),
  updateClient: endpoint({
    method: 'PUT',
    path: '/clients/updateClient/:id',
    tag: 'clients',
    summary: 'Change client',
    access: 'signedIn',
    params: IdParams,
    body: ClientBody,
    responses: { 200: ClientMutation },
    errors: [404, 409],
    texts: texts(messages.failedUpdateClient, messages.errorUpdatingClient),
  }),
  deleteClient: endpoint({
    method: 'DELETE',
    path: '/clients/deleteClient/:id',
    tag: 'clients',
    summary: 'Delete client that has no entries',
    access: 'signedIn',
    params: IdParams,
    responses: { 200: MessageResponse },
    errors: [404, 409],
    texts: texts(messages.failedDeleteClient, messages.errorDeletingClient),
  }),
};
