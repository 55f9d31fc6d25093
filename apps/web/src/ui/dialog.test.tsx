import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { Dialog } from './dialog.tsx';

function DialogHarness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open</Button>
      <Dialog open={open} onOpenChange={setOpen} title="Sign in" closeLabel="Close">
        <input aria-label="Key" />
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('opens as a labelled modal, moves focus inside and closes with Escape', async () => {
    render(<DialogHarness />);
    screen.getByRole('button', { name: 'Open' }).focus();
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign in' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open' })));
  });

  it('closes with its close button', async () => {
    render(<DialogHarness />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('ConfirmDialog', () => {
  function renderConfirm(onConfirm: () => void, onOpenChange: (open: boolean) => void) {
    render(
      <ConfirmDialog
        open
        onOpenChange={onOpenChange}
        title="Remove bookmark?"
        message="This is your last public bookmark."
        confirmLabel="Remove"
        cancelLabel="Cancel"
        closeLabel="Close"
        onConfirm={onConfirm}
      />,
    );
  }

  it('confirms once and closes', () => {
    const onConfirm = vi.fn();
    const onOpenChange = vi.fn();
    renderConfirm(onConfirm, onOpenChange);
    expect(screen.getByRole('dialog', { name: 'Remove bookmark?' }).textContent).toContain('last public bookmark');
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('cancels without confirming', () => {
    const onConfirm = vi.fn();
    const onOpenChange = vi.fn();
    renderConfirm(onConfirm, onOpenChange);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
