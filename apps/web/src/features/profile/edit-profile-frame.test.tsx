import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../state/session.ts';
import { stores } from '../../state/stores.ts';
import { renderWithApp } from '../../test-utils.tsx';
import { EditProfileFrame } from './edit-profile-frame.tsx';

const saver = vi.hoisted(() => ({
  loadProfileFields: vi.fn(async () => ({
    displayName: 'Eve',
    name: 'eve',
    website: '',
    about: 'hello',
    lud16: '',
    nip05: '',
    picture: '',
    banner: '',
  })),
  saveProfile: vi.fn(async () => true),
}));
vi.mock('./profile-save.ts', () => saver);

const me = 'e'.repeat(64);

describe('EditProfileFrame', () => {
  beforeEach(() => {
    stores.session.getState().setAccount({ publicKey: me, canSign: true, method: 'nsec' });
    vi.spyOn(session, 'requestSigner').mockReturnValue('ready');
  });
  afterEach(() => {
    vi.restoreAllMocks();
    saver.saveProfile.mockClear();
    stores.session.getState().setAccount({ publicKey: null, canSign: false, method: null });
  });

  it('opens filled with the current profile', async () => {
    renderWithApp(<EditProfileFrame />, '/settings/profile');
    expect(await screen.findByDisplayValue('eve')).toBeTruthy();
    expect((screen.getByLabelText('Display name') as HTMLInputElement).value).toBe('Eve');
    expect((screen.getByLabelText('About') as HTMLTextAreaElement).value).toBe('hello');
  });

  it('refuses a username with spaces, and saves what was typed once it is valid', async () => {
    renderWithApp(<EditProfileFrame />, '/settings/profile');
    const username = await screen.findByDisplayValue('eve');
    fireEvent.change(username, { target: { value: 'eve smith' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Username is not valid')).toBeTruthy();
    expect(screen.getByText('Spaces and special characters are not allowed in the username')).toBeTruthy();
    expect(saver.saveProfile).not.toHaveBeenCalled();

    fireEvent.change(username, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Username is required')).toBeTruthy();

    fireEvent.change(username, { target: { value: 'eve_smith' } });
    fireEvent.change(screen.getByLabelText('About'), { target: { value: 'new about' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(saver.saveProfile).toHaveBeenCalledWith(
        expect.objectContaining({ name: 'eve_smith', about: 'new about' }),
      ),
    );
  });
});
