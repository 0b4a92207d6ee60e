// Long lists (5,000 records): shown a page at a time, searched across all pages.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clientsConfig } from '../ClientsPage/ClientsPage';
import { render } from 'shared-ui/testing';
import { mockPeopleEndpoints } from '../testing/people-test-utils';
import { PeopleList } from './PeopleList';

const CLIENTS = Array.from({ length: 5000 }, (_, index) => ({
  id: index + 1,
  name: `Client ${index + 1}`,
  email: `client${index + 1}@example.com`,
  companyName: index === 4321 ? 'Needle Works' : `Company ${index % 97}`,
}));

mockPeopleEndpoints(clientsConfig.endpoints, () => CLIENTS);

const renderList = () =>
  render(<PeopleList config={clientsConfig} rows={CLIENTS} loading={false} />);
const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('PeopleList with 5,000 records', () => {
  it('should render one page of 50 rows and move between pages', async () => {
    renderList();
    expect(bodyRows()).toHaveLength(50);
    const pages = screen.getByRole('navigation', { name: 'Clients pages' });
    expect(pages).toHaveTextContent('Page 1 of 100 (1–50 of 5000)');
    expect(within(pages).getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await userEvent.click(within(pages).getByRole('button', { name: 'Next page' }));
    expect(pages).toHaveTextContent('Page 2 of 100 (51–100 of 5000)');
    expect(screen.getByRole('cell', { name: 'Client 51' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'Client 1' })).not.toBeInTheDocument();
  });

  it('should search every page and go back to the first page of the matches', async () => {
    renderList();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'needle');
    expect(bodyRows()).toHaveLength(1);
    expect(screen.getByRole('cell', { name: 'Client 4322' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Clients pages' })).not.toBeInTheDocument();
  });
});
