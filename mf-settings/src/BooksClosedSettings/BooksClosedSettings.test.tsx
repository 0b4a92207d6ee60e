import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  axeViolations,
  collectDialogs,
  endpoints,
  failWith,
  mockEndpoint,
  type Dialogs,
  render,
} from 'shared-ui/testing';
import { BooksClosedSettings } from './BooksClosedSettings';

describe('BooksClosedSettings', () => {
  let dialogs: Dialogs;
  beforeEach(() => {
    dialogs = collectDialogs();
    mockEndpoint(endpoints.getBooksClosed, { closedThrough: '2025-03-31', canMove: true });
  });

  it('lets an admin move the books closed through date', async () => {
    const move = mockEndpoint(endpoints.moveBooksClosed, {
      closedThrough: '2025-04-30',
      canMove: true,
    });
    render(<BooksClosedSettings />);
    expect(
      await screen.findByText(
        'Books closed through 2025-03-31: nothing dated on or before it is accepted.',
      ),
    ).toBeInTheDocument();
    const control = screen.getByLabelText('Books closed through');
    await userEvent.clear(control);
    await userEvent.type(control, '2025-04-30');
    await userEvent.click(screen.getByRole('button', { name: 'Save closing date' }));
    await waitFor(() => expect(dialogs.alerts).toEqual(['Books closed through 2025-04-30']));
    expect(move.calls.map((call) => call.body)).toEqual([{ closedThrough: '2025-04-30' }]);
    expect(await axeViolations()).toEqual([]);
  });

  it("shows the server's refusal to move the date", async () => {
    mockEndpoint(
      endpoints.moveBooksClosed,
      failWith(403, 'Only admins can move the books closed through date'),
    );
    render(<BooksClosedSettings />);
    const control = await screen.findByLabelText('Books closed through');
    await userEvent.clear(control);
    await userEvent.click(screen.getByRole('button', { name: 'Save closing date' }));
    await waitFor(() =>
      expect(dialogs.alerts).toEqual(['Only admins can move the books closed through date']),
    );
  });

  it('shows the date without the control to whom the server does not let move it', async () => {
    mockEndpoint(endpoints.getBooksClosed, { closedThrough: null, canMove: false });
    render(<BooksClosedSettings />);
    expect(await screen.findByText('No period is closed.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Books closed through')).not.toBeInTheDocument();
  });
});
