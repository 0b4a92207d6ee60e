import type { Client, ClientBody } from 'contract/browser';
import { endpoints } from 'shared-ui';
import { EMAIL_FIELD, NAME_FIELD, PeopleScreen, createPeopleConfig } from '../PeopleScreen';
import type { PersonField } from '../PeopleScreen';

const fields: Array<PersonField<keyof ClientBody>> = [
  NAME_FIELD,
  EMAIL_FIELD,
  { name: 'companyName', label: 'Company Name', kind: 'text' },
];

export const clientsConfig = createPeopleConfig<Client>({
  kind: 'Client',
  title: 'Clients',
  manageTab: 'Manage Clients',
  fields,
  balances: 'client',
  endpoints: {
    list: endpoints.listClients,
    add: endpoints.addClient,
    update: endpoints.updateClient,
    remove: endpoints.deleteClient,
  },
});

/** Clients (docs/product.md#screens-and-routes): the companies income is billed to and received from. */
export function ClientsPage() {
  return <PeopleScreen config={clientsConfig} />;
}
