import { waitFor } from '@testing-library/react';
import type { CommandClient } from '@tide/core/cache';
import { generateSecretKey } from '@tide/core/nostr';
import { LocalSigner, type Signer } from '@tide/core/signers';
import { describe, expect, it, vi } from 'vitest';
import { createSessionStore } from '../state/session-store.ts';
import { createSettingsStore } from '../state/settings-store.ts';
import { followAccountSettings } from './account-settings.ts';

const VIEWER = 'a'.repeat(64);

function service(failUserSettings = false) {
  const commands: string[] = [];
  const client: CommandClient = {
    request: async (command) => {
      commands.push(command);
      if (command === 'get_app_settings') {
        if (failUserSettings) throw new Error('closed');
        return [{ kind: 30078, content: '{"zapDefault":{"amount":5,"message":"mine"}}' }];
      }
      return [{ kind: 10000103, content: '{"zapDefault":{"amount":42,"message":"Onward"}}' }];
    },
  };
  return { commands, client };
}

function setup(failUserSettings = false, account = {}) {
  const { commands, client } = service(failUserSettings);
  const session = createSessionStore('test', account);
  const settings = createSettingsStore();
  let signer: Signer | null = null;
  const failed = vi.fn();
  const stop = followAccountSettings({ client, session, settings, signer: () => signer, onUserSettingsFailed: failed });
  const signIn = () => {
    signer = new LocalSigner(generateSecretKey());
    session.getState().setAccount({ publicKey: VIEWER, method: 'nsec', canSign: true, keyLookupDone: true });
  };
  return { commands, session, settings, signIn, failed, stop };
}

describe('followAccountSettings', () => {
  it('guests get the defaults; a user who can sign gets their own settings; logout goes back to the defaults', async () => {
    const s = setup();
    await waitFor(() => expect(s.settings.getState().appSettings.zapDefault.amount).toBe(42));
    s.signIn();
    await waitFor(() => expect(s.settings.getState().appSettings.zapDefault.amount).toBe(5));
    s.session.getState().setAccount({ publicKey: null, method: null, canSign: false });
    await waitFor(() => expect(s.settings.getState().appSettings.zapDefault.amount).toBe(42));
    expect(s.commands).toEqual(['get_default_app_settings', 'get_app_settings', 'get_default_app_settings']);
    s.stop();
  });

  it('waits for the extension lookup before choosing', async () => {
    const s = setup(false, { publicKey: VIEWER, method: 'extension' });
    expect(s.commands).toEqual([]);
    s.signIn();
    await waitFor(() => expect(s.commands).toEqual(['get_app_settings']));
    s.stop();
  });

  it('falls back to the defaults and says so when the user settings fail', async () => {
    const s = setup(true);
    s.signIn();
    await waitFor(() => expect(s.failed).toHaveBeenCalledOnce());
    await waitFor(() => expect(s.commands.at(-1)).toBe('get_default_app_settings'));
    s.stop();
  });
});
