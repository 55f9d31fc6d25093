import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stores } from '../../state/stores.ts';
import { renderWithApp } from '../../test-utils.tsx';
import { ProfileActions } from './profile-actions.tsx';

const NPUB = 'npub10elfcs4fr0l0r8af98jlmgdh9c8tcxjvz9qkw038js35mp4dma8qzvjptg';

function openMenu() {
  const trigger = screen.getByRole('button', { name: 'Profile actions' });
  trigger.focus();
  fireEvent.keyDown(trigger, { key: 'Enter' });
}

describe('ProfileActions', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    for (const toast of stores.toasts.getState().toasts) stores.toasts.getState().dismiss(toast.id);
  });

  it('copies the public key and confirms with a success toast', async () => {
    const writeText = vi.fn(async () => {});
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText } as unknown as Clipboard);
    renderWithApp(<ProfileActions publicKey={NPUB} />);
    openMenu();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Copy public key' }));
    expect(writeText).toHaveBeenCalledWith(NPUB);
    await waitFor(() =>
      expect(stores.toasts.getState().toasts.at(-1)).toMatchObject({ kind: 'success', message: 'Public key copied' }),
    );
  });

  it('disables copying the key while it is unknown', async () => {
    renderWithApp(<ProfileActions />);
    openMenu();
    expect((await screen.findByRole('menuitem', { name: 'Copy public key' })).getAttribute('aria-disabled')).toBe(
      'true',
    );
  });

  it('reports a refused clipboard', async () => {
    const writeText = vi.fn(async () => {
      throw new Error('denied');
    });
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText } as unknown as Clipboard);
    renderWithApp(<ProfileActions publicKey={NPUB} />);
    openMenu();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Copy profile link' }));
    await waitFor(() => expect(stores.toasts.getState().toasts.at(-1)?.kind).toBe('error'));
  });
});
