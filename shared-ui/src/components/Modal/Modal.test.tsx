import { useState } from 'react';
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

  it('should open as a native modal dialog and close it when it closes', async () => {
    const showModal = jest.spyOn(HTMLDialogElement.prototype, 'showModal');
    const close = jest.spyOn(HTMLDialogElement.prototype, 'close');
    const { rerender } = render(
      <Modal open title="Edit User" onClose={() => undefined}>
        body
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit User' });
    expect(dialog.tagName).toBe('DIALOG');
    expect(showModal).toHaveBeenCalledTimes(1);
    rerender(
      <Modal open={false} title="Edit User" onClose={() => undefined}>
        body
      </Modal>,
    );
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('should keep focus inside while Tab and Shift+Tab go round, and give it back on close', async () => {
    function Page() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button">Before</button>
          <button type="button" onClick={() => setOpen(true)}>
            Edit
          </button>
          <button type="button">After</button>
          <Modal
            open={open}
            title="Edit User"
            onClose={() => setOpen(false)}
            actions={<button type="button">Save</button>}
          >
            <label>
              Name <input />
            </label>
          </Modal>
        </>
      );
    }
    render(<Page />);
    const edit = screen.getByRole('button', { name: 'Edit' });
    await userEvent.click(edit);
    const dialog = screen.getByRole('dialog', { name: 'Edit User' });
    expect(dialog).toHaveFocus();
    const seen: string[] = [];
    for (let press = 0; press < 30; press += 1) {
      await userEvent.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
      seen.push(
        document.activeElement?.getAttribute('aria-label') ??
          document.activeElement?.textContent ??
          '',
      );
    }
    // × (Close dialog), Name, Save, Close, then round again.
    expect(seen.slice(0, 5)).toEqual(['Close dialog', '', 'Save', 'Close', 'Close dialog']);
    for (let press = 0; press < 10; press += 1) {
      await userEvent.tab({ shift: true });
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(edit).toHaveFocus();
  });
});
