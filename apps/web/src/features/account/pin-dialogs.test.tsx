import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test-utils.tsx';
import { EnterPinDialog } from './pin-dialogs.tsx';

describe('EnterPinDialog', () => {
  it('reports a wrong PIN and closes on the right one', async () => {
    const onOpenChange = vi.fn();
    const unlock = vi.fn(async (pin: string) => pin === '2468');
    renderWithApp(<EnterPinDialog open onOpenChange={onOpenChange} unlock={unlock} forget={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('PIN'), { target: { value: '1111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('Wrong PIN')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('PIN'), { target: { value: '2468' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it('erases the key only after the forgot-PIN confirmation', () => {
    const forget = vi.fn();
    renderWithApp(<EnterPinDialog open onOpenChange={vi.fn()} unlock={vi.fn()} forget={forget} />);
    fireEvent.click(screen.getByRole('button', { name: 'Forgot PIN?' }));
    expect(screen.getByRole('dialog', { name: 'Forgot PIN?' })).toBeTruthy();
    expect(forget).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Erase key' }));
    expect(forget).toHaveBeenCalledOnce();
  });

  it('goes back to the PIN entry when the confirmation is cancelled', () => {
    const forget = vi.fn();
    renderWithApp(<EnterPinDialog open onOpenChange={vi.fn()} unlock={vi.fn()} forget={forget} />);
    fireEvent.click(screen.getByRole('button', { name: 'Forgot PIN?' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('dialog', { name: 'Enter PIN' })).toBeTruthy();
    expect(forget).not.toHaveBeenCalled();
  });
});
