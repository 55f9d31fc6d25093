import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test-utils.tsx';
import { FollowWarningDialog } from './follow-warning-dialog.tsx';
import { followWarning } from './follow-warning-store.ts';

const follow = vi.hoisted(() => vi.fn(async () => ({ status: 'published' })));
vi.mock('./run-people.ts', () => ({ follow }));

const bob = 'b'.repeat(64);

describe('FollowWarningDialog', () => {
  afterEach(() => {
    followWarning.getState().close();
    follow.mockClear();
  });

  it('says the list would be almost empty; Continue publishes the pending change anyway', async () => {
    followWarning.getState().open({ op: 'unfollow', targets: [bob], count: 1 });
    renderWithApp(<FollowWarningDialog />);
    const dialog = await screen.findByRole('dialog', { name: 'Your follow list is almost empty' });
    expect(dialog.textContent).toContain('you would follow one account');
    expect(dialog.textContent).toContain('continuing may end up following just one account');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(follow).toHaveBeenCalledWith('unfollow', [bob], true);
    await waitFor(() => expect(followWarning.getState().pending).toBeNull());
  });

  it('Cancel publishes nothing', async () => {
    followWarning.getState().open({ op: 'follow', targets: [bob], count: 1 });
    renderWithApp(<FollowWarningDialog />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(follow).not.toHaveBeenCalled();
    await waitFor(() => expect(followWarning.getState().pending).toBeNull());
  });
});
