// Clients: the parties income entries are recorded against.
import { apiMessages, type Client } from 'contract';
import { crud } from './crud.js';

export const clients = crud<Client>({
  table: 'clients',
  entity: 'client',
  columns: { name: 'name', email: 'email', companyName: 'company_name' },
  notFound: apiMessages.clientNotFound,
  inUse: { column: 'client_id', message: apiMessages.clientInUse },
});
