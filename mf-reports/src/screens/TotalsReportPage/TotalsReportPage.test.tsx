import { screen, waitFor } from '@testing-library/react';
import { renderScreen } from '../../testing/test-utils';
import { TotalsReportPage } from './TotalsReportPage';
import { axeViolations, deferred, endpoints, mockEndpoint } from 'shared-ui/testing';

afterEach(() => jest.restoreAllMocks());

const card = (name: string) => screen.getByRole('region', { name });

describe('TotalsReportPage', () => {
  it('should show Loading... and then the Admins, Employees and Clients counts', async () => {
    const answer = deferred();
    mockEndpoint(endpoints.getTotals, () => answer.promise as never);
    renderScreen(<TotalsReportPage />);
    expect(screen.getByRole('heading', { name: 'System Totals' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    answer.resolve({ admins: 2, employees: 14, clients: 31 });
    await waitFor(() => expect(card('Admins')).toHaveTextContent('2'));
    expect(card('Employees')).toHaveTextContent('14');
    expect(card('Clients')).toHaveTextContent('31');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });
});
