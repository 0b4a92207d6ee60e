import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { mockCurrentUser, render } from 'shared-ui/testing';
import { MemoryRouter } from 'react-router';
import { preloadRemoteComponent } from '../federation/federation';
import { Sidebar } from './Sidebar';

jest.mock('../federation/federation', () => ({ preloadRemoteComponent: jest.fn() }));
const preload = jest.mocked(preloadRemoteComponent);

beforeEach(() => preload.mockReset());

const renderSidebar = () =>
  render(
    <MemoryRouter>
      <Sidebar id="sidebar" open={false} onNavigate={() => undefined} />
    </MemoryRouter>,
  );

describe('Sidebar preloading', () => {
  it("should start loading a screen's remote when the pointer rests on its link", () => {
    renderSidebar();
    fireEvent.mouseEnter(screen.getByRole('link', { name: 'Salary' }));
    expect(preload).toHaveBeenCalledWith('entries', 'SalaryPage');
  });

  it("should start loading a screen's remote when its link gets keyboard focus", () => {
    renderSidebar();
    fireEvent.click(screen.getByRole('button', { name: /Reports/ }));
    screen.getByRole('link', { name: 'ClientsVsSales' }).focus();
    expect(preload).toHaveBeenCalledWith('reports', 'ClientsVsSalesPage');
  });

  it('should not load anything for the dashboard link', () => {
    renderSidebar();
    fireEvent.mouseEnter(screen.getByRole('link', { name: 'Dashboard' }));
    expect(preload).not.toHaveBeenCalled();
  });
});

describe('Sidebar Activity link', () => {
  it.each([
    ['admin', true],
    ['viewer', true],
    ['staff', false],
  ] as const)('should offer Activity to %s: %s', async (role, shown) => {
    const me = mockCurrentUser(role);
    renderSidebar();
    // Once the server has said who signed in (and its answer has reached the screen).
    await waitFor(() => expect(me.calls).toHaveLength(1));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    if (shown) expect(await screen.findByRole('link', { name: 'Activity' })).toBeInTheDocument();
    else expect(screen.queryByRole('link', { name: 'Activity' })).not.toBeInTheDocument();
  });
});
