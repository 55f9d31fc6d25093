import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stores } from '../../state/stores.ts';
import { renderWithApp } from '../../test-utils.tsx';
import { saveDraft } from './drafts.ts';
import { ReplyBox } from './reply-box.tsx';
import { testNote } from './test-notes.ts';

// The session can sign: requestKey answers 'ready'.
vi.mock('../account/require-sign-in.ts', () => ({ requestKey: () => true }));

const ME = 'e'.repeat(64);
const parent = testNote('1'.repeat(64), 'a'.repeat(64));

afterEach(() => stores.session.getState().setAccount({ publicKey: null, method: null, canSign: false }));

describe('ReplyBox', () => {
  it('is hidden for a guest', () => {
    renderWithApp(<ReplyBox note={parent} />);
    expect(screen.queryByTestId('reply-box')).toBeNull();
  });

  it('opens the reply composer in place; cancelling an empty one gives the focus back to the reply field', async () => {
    stores.session.getState().setAccount({ publicKey: ME, method: 'nsec', canSign: true });
    renderWithApp(<ReplyBox note={parent} />);
    fireEvent.click(screen.getByTestId('reply-box'));
    const area = await screen.findByRole('combobox', { name: 'Write your reply' }, { timeout: 8000 });
    expect(screen.getByText('Replying to User aaaa')).toBeTruthy();
    expect(document.activeElement).toBe(area);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('reply-box')));
  });

  it('opens at once with the saved draft of this reply', async () => {
    stores.session.getState().setAccount({ publicKey: ME, method: 'nsec', canSign: true });
    saveDraft(ME, parent.id, 'unfinished rep', []);
    renderWithApp(<ReplyBox note={parent} />);
    expect(((await screen.findByRole('combobox', { name: 'Write your reply' })) as HTMLTextAreaElement).value).toBe(
      'unfinished rep',
    );
  });
});
