import { waitFor } from '@testing-library/react';
import type { CommandClient } from '@tide/core/cache';
import { generateSecretKey } from '@tide/core/nostr';
import { LocalSigner, type Signer } from '@tide/core/signers';
import { describe, expect, it, vi } from 'vitest';
import { createSessionStore } from '../state/session-store.ts';
import { createSettingsStore } from '../state/settings-store.ts';
import { followAccountSettings } from './account-settings.ts';

const VIEWER = 'a'.repeat(64);

function service(failUserSettings = false, savedTheme = 'midnight') {
  const commands: string[] = [];
  const saved: Array<Record<string, unknown>> = [];
  const client: CommandClient = {
    request: async (command, payload) => {
      commands.push(command);
      if (command === 'set_app_settings') {
        const event = (payload as { settings_event: { content: string } }).settings_event;
        saved.push(JSON.parse(event.content));
        return [];
      }
      if (command === 'get_app_settings') {
        if (failUserSettings) throw new Error('closed');
        const content = { theme: savedTheme, zapDefault: { amount: 5, message: 'mine' }, custom: 1 };
        return [{ kind: 30078, content: JSON.stringify(content) }];
      }
      return [{ kind: 10000103, content: '{"zapDefault":{"amount":42,"message":"Onward"}}' }];
    },
  };
  return { commands, client, saved };
}

function setup(failUserSettings = false, account = {}) {
  const { commands, client, saved } = service(failUserSettings);
  const session = createSessionStore('test', account);
  const settings = createSettingsStore();
  let signer: Signer | null = null;
  const failed = vi.fn();
  const stop = followAccountSettings({ client, session, settings, signer: () => signer, onUserSettingsFailed: failed });
  const signIn = () => {
    signer = new LocalSigner(generateSecretKey());
    session.getState().setAccount({ publicKey: VIEWER, method: 'nsec', canSign: true, keyLookupDone: true });
  };
  return { commands, saved, session, settings, signIn, failed, stop };
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

  it("applies the user's saved theme on sign-in and saves their theme changes with the rest of their settings", async () => {
    const s = setup();
    s.signIn();
    await waitFor(() => expect(s.settings.getState().theme).toBe('midnight'));
    expect(s.saved).toEqual([]);
    s.settings.getState().setTheme('ice');
    await waitFor(() =>
      expect(s.saved).toEqual([{ theme: 'ice', zapDefault: { amount: 5, message: 'mine' }, custom: 1 }]),
    );
    s.session.getState().setAccount({ publicKey: null, method: null, canSign: false });
    await waitFor(() => expect(s.settings.getState().userSettings).toBeNull());
    s.settings.getState().setTheme('sunset');
    expect(s.commands.filter((c) => c === 'set_app_settings')).toHaveLength(1);
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
