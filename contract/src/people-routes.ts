// The browser's half of the calls of people-endpoints.ts (`Route`: method, path, access,
// topics, texts), which spreads each route into its schemas. No schema is built or imported here.
import { texts } from './endpoint-texts.js';
import { messages } from './messages.js';
import { defineRoute as route } from './endpoint.js';

export const employeeRoutes = {
  listEmployees: route({
    method: 'GET',
    path: '/employees/getEmployees',
    reads: ['employees'],
    access: 'signedIn',
    texts: texts(messages.failedFetchEmployees, messages.errorFetchingEmployees),
  }),
  addEmployee: route({
    method: 'POST',
    path: '/employees/addEmployee',
    changes: ['employees', 'activity'],
    access: 'signedIn',
    texts: texts(messages.failedAddEmployee, messages.errorAddingEmployee),
  }),
  updateEmployee: route({
    method: 'PUT',
    path: '/employees/updateEmployee/:id',
    changes: ['employees', 'activity'],
    access: 'signedIn',
    texts: texts(messages.failedUpdateEmployee, messages.errorUpdatingEmployee),
  }),
  deleteEmployee: route({
    method: 'DELETE',
    path: '/employees/deleteEmployee/:id',
    changes: ['employees', 'activity'],
    access: 'signedIn',
    texts: texts(messages.failedDeleteEmployee, messages.errorDeletingEmployee),
  }),
};

export const clientRoutes = {
  listClients: route({
    method: 'GET',
    path: '/clients/getClients',
    reads: ['clients'],
    access: 'signedIn',
    texts: texts(messages.failedFetchClients, messages.errorFetchingClients),
  }),
  addClient: route({
    method: 'POST',
    path: '/clients/addClient',
    changes: ['clients', 'activity'],
    access: 'signedIn',
    texts: texts(messages.failedAddClient, messages.errorAddingClient),
  }),
  updateClient: route({
    method: 'PUT',
    path: '/clients/updateClient/:id',
    changes: ['clients', 'activity'],
    access: 'signedIn',
    texts: texts(messages.failedUpdateClient, messages.errorUpdatingClient),
  }),
  deleteClient: route({
    method: 'DELETE',
    path: '/clients/deleteClient/:id',
    changes: ['clients', 'activity'],
    access: 'signedIn',
    texts: texts(messages.failedDeleteClient, messages.errorDeletingClient),
  }),
};
