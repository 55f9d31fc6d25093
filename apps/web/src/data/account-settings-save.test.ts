import { waitFor } from '@testing-library/react';
import type { CommandClient } from '@tide/core/cache';
import { CacheNoticeError } from '@tide/core/cache';
import { generateSecretKey } from '@tide/core/nostr';
import { LocalSigner, type Signer } from '@tide/core/signers';
import { describe, expect, it, vi } from 'vitest';
import { createSessionStore } from '../state/session-store.ts';
import { createSettingsStore } from '../state/settings-store.ts';
import { followAccountSettings, updateAccountSettings } from './account-settings.ts';

const VIEWER = 'b'.repeat(64);

function setup(options: { own?: boolean; refuseSave?: boolean; account?: object; slowDefaults?: boolean } = {}) {
  const commands: string[] = [];
  const saved: Array<Record<string, unknown>> = [];
  const client: CommandClient = {
    request: async (command, payload) => {
      commands.push(command);
      if (command === 'set_app_settings') {
        if (options.refuseSave) throw new CacheNoticeError('service stopped', command);
        saved.push(JSON.parse((payload as { settings_event: { content: string } }).settings_event.content));
        return [];
      }
      const content = JSON.stringify({
        theme: 'ice',
        animated: false,
        proxyThroughPrimal: false,
        applyContentModeration: true,
      });
      if (command === 'get_app_settings') return [{ kind: options.own === false ? 10000103 : 30078, content }];
      if (options.slowDefaults) await new Promise((resolve) => setTimeout(resolve, 100));
      return [{ kind: 10000103, content: '{"zapDefault":{"amount":42,"message":"Onward"}}' }];
    },
  };
  const session = createSessionStore('test', options.account ?? {});
  const settings = createSettingsStore();
  let signer: Signer | null = null;
  const saveFailed = vi.fn();
  const stop = followAccountSettings({ client, session, settings, signer: () => signer, onSaveFailed: saveFailed });
  const signIn = () => {
    signer = new LocalSigner(generateSecretKey());
    session.getState().setAccount({ publicKey: VIEWER, method: 'nsec', canSign: true, keyLookupDone: true });
  };
  return { commands, saved, settings, session, signIn, saveFailed, stop };
}

describe('updateAccountSettings', () => {
  it('applies a change at once and saves the whole JSON signed; animations load and save with the account', async () => {
    const s = setup();
    s.signIn();
    await waitFor(() => expect(s.settings.getState().animated).toBe(false));
    expect(await updateAccountSettings({ applyContentModeration: false })).toBe(true);
    expect(s.settings.getState().appSettings.applyContentModeration).toBe(false);
    s.settings.getState().setAnimated(true);
    await waitFor(() => expect(s.saved).toHaveLength(2));
    expect(s.saved[1]).toMatchObject({ theme: 'ice', animated: true, applyContentModeration: false });
    s.stop();
  });

  it("a refused save says 'Failed to save settings' (callback) and keeps the local value", async () => {
    const s = setup({ refuseSave: true });
    s.signIn();
    await waitFor(() => expect(s.settings.getState().userSettings).not.toBeNull());
    expect(await updateAccountSettings({ zapDefault: { amount: 7, message: 'x' } })).toBe(false);
    expect(s.saveFailed).toHaveBeenCalledOnce();
    expect(s.settings.getState().appSettings.zapDefault).toEqual({ amount: 7, message: 'x' });
    s.stop();
  });

  it('guests cannot save; a service default never carries proxyThroughPrimal into the store', async () => {
    const s = setup({ own: false });
    expect(await updateAccountSettings({ theme: 'ice' })).toBe(false);
    s.signIn();
    await waitFor(() => expect(s.settings.getState().userSettings).not.toBeNull());
    expect(s.settings.getState().userSettings).not.toHaveProperty('proxyThroughPrimal');
    s.stop();
  });

  it('defaults that answer after a sign-in never replace the user settings', async () => {
    const s = setup({ slowDefaults: true });
    s.signIn();
    await waitFor(() => expect(s.settings.getState().userSettings).not.toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(s.commands).toEqual(['get_default_app_settings', 'get_app_settings']);
    expect(s.settings.getState().userSettings).toMatchObject({ theme: 'ice' });
    s.stop();
  });

  it('a device-sealed nsec or NIP-46 session waits for the key lookup instead of loading the defaults first', async () => {
    for (const method of ['nsec', 'nip46']) {
      const s = setup({ account: { publicKey: VIEWER, method } });
      await new Promise((r) => setTimeout(r, 20));
      expect(s.commands).toEqual([]);
      s.signIn();
      await waitFor(() => expect(s.commands).toEqual(['get_app_settings']));
      s.stop();
    }
  });
});
