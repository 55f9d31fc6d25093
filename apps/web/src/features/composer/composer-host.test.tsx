import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { stores } from '../../state/stores.ts';
import { renderWithApp } from '../../test-utils.tsx';
import { ComposerHost } from './composer-host.tsx';
import { closeComposer, composerStore } from './composer-store.ts';
import { NewNoteButton } from './new-note-button.tsx';

const signInToast = 'You need to be signed in to perform this action';
const toasts = () => stores.toasts.getState().toasts.map((t) => t.message);

afterEach(() => {
  closeComposer();
  stores.toasts.setState({ toasts: [] });
  stores.session.getState().setAccount({ publicKey: null, method: null, canSign: false });
});

function renderHost() {
  let opened = 0;
  const stop = composerStore.subscribe((s, prev) => {
    if (s.open && !prev.open) opened++;
  });
  renderWithApp(
    <>
      <input aria-label="Elsewhere" />
      <ComposerHost />
      <NewNoteButton />
    </>,
  );
  return { opened: () => opened, stop };
}

describe('ComposerHost and the n shortcut', () => {
  it('n outside a field asks for the composer; a user who cannot sign gets the sign-in toast instead', () => {
    const host = renderHost();
    act(() => {
      fireEvent.keyDown(document.body, { key: 'n' });
    });
    expect(host.opened()).toBe(1);
    expect(composerStore.getState().open).toBe(false);
    expect(toasts()).toEqual([signInToast]);
    host.stop();
  });

  it('n typed in a field, or with a modifier, does nothing', () => {
    const host = renderHost();
    fireEvent.keyDown(screen.getByLabelText('Elsewhere'), { key: 'n' });
    fireEvent.keyDown(document.body, { key: 'n', ctrlKey: true });
    fireEvent.keyDown(document.body, { key: 'N' });
    expect(host.opened()).toBe(0);
    expect(toasts()).toEqual([]);
    host.stop();
  });

  it('the navigation button shows for a signed-in user and opens the composer', () => {
    renderWithApp(<NewNoteButton />);
    expect(screen.queryByRole('button', { name: 'New note' })).toBeNull();
    act(() => stores.session.getState().setAccount({ publicKey: 'e'.repeat(64), method: 'nsec', canSign: true }));
    fireEvent.click(screen.getByRole('button', { name: 'New note' }));
    expect(composerStore.getState().open).toBe(true);
  });
});
