import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal } from './Modal';

describe('Modal', () => {
  it('should render nothing when closed', () => {
    render(
      <Modal open={false} title="Edit User" onClose={() => undefined}>
        body
      </Modal>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([['Close'], ['Close dialog']])('should close on the %s button', async (name) => {
    const onClose = jest.fn();
    render(
      <Modal open title="Edit User" onClose={onClose}>
        body
      </Modal>,
    );
    expect(screen.getByRole('dialog', { name: 'Edit User' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('should close on Escape', async () => {
    const onClose = jest.fn();
    render(
      <Modal open title="Edit User" onClose={onClose}>
        body
      </Modal>,
    );
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('should not close while closing is disabled', async () => {
    const onClose = jest.fn();
    render(
      <Modal open title="Edit User" onClose={onClose} closeDisabled>
        body
      </Modal>,
    );
    expect(screen.getByRole('button', { name: 'Close' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Close dialog' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });
});
