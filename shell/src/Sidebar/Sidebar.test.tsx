import { fireEvent, screen } from '@testing-library/react';
import { render } from 'shared-ui/testing';
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
