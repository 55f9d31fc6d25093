import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fetchAppSettings } from '@tide/core/cache';
import { generateSecretKey, nsecEncode } from '@tide/core/nostr';
import { LocalSigner } from '@tide/core/signers';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AppData } from '../../../data/app-data.ts';
import { createTestAppData } from '../../../data/test-app-data.ts';
import { startTestServer, type TestServer } from '../../../data/test-server.test-helper.ts';
import { signSettingsRequest } from '../../../data/user-settings.ts';
import { session } from '../../../state/session.ts';
import { stores } from '../../../state/stores.ts';
import { renderWithApp } from '../../../test-utils.tsx';
import { DevtoolsSection } from './devtools-section.tsx';
import { FiltersSection } from './filters-section.tsx';
import { NotificationsSection } from './notifications-section.tsx';
import { ZapsSection } from './zaps-section.tsx';

// Each section against a real caching service: a change is saved signed (set_app_settings) and read back.
let test: TestServer;
let data: AppData;
let sk: Uint8Array;

beforeAll(async () => {
  configure({ asyncUtilTimeout: 10_000 });
  test = await startTestServer();
  data = createTestAppData(test.server.url, WebSocket);
}, 60_000);

afterAll(async () => {
  data?.dispose();
  await test?.close();
});

beforeEach(async () => {
  sk = generateSecretKey();
  await session.signInWithNsec(nsecEncode(sk));
});

afterEach(() => session.logout());

/** Reads the saved settings back (paced: the service rate-limits a connection that floods it). */
async function saved(): Promise<Record<string, unknown>> {
  await new Promise((resolve) => setTimeout(resolve, 300));
  const request = await signSettingsRequest(new LocalSigner(sk), 'get_app_settings', {
    description: 'Sync app settings',
  });
  return (await fetchAppSettings(data.client, { event_from_user: request })) as Record<string, unknown>;
}

const loaded = () => waitFor(() => expect(stores.settings.getState().userSettings).not.toBeNull(), { timeout: 10_000 });

describe('settings sections save to the account', { timeout: 30_000 }, () => {
  it('Content Moderation: the apply switch and the list scopes', async () => {
    renderWithApp(<FiltersSection />, '/settings/filters', data);
    await loaded();
    const nsfw = screen.getByRole('group', { name: 'NSFW filter' });
    expect((within(nsfw).getByLabelText('Hide in trending') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(nsfw).getByLabelText('Hide in feeds and threads'));
    await waitFor(async () =>
      expect((await saved()).contentModeration).toEqual([
        { name: 'primal_spam', scopes: ['content', 'trending'] },
        { name: 'primal_nsfw', scopes: ['trending', 'content'] },
      ]),
    );
    fireEvent.click(screen.getByLabelText('Apply content moderation'));
    await waitFor(async () => expect((await saved()).applyContentModeration).toBe(false));
    expect((nsfw as HTMLFieldSetElement).disabled).toBe(true);
  });

  it('Notifications: every group, default all on; a switch saves under its type name', async () => {
    renderWithApp(<NotificationsSection />, '/settings/notifications', data);
    await loaded();
    const boxes = screen.getAllByRole('checkbox') as HTMLInputElement[];
    expect(screen.getAllByRole('group').map((g) => g.querySelector('legend')?.textContent)).toEqual([
      'Core notifications',
      'Notes you were mentioned in',
      'Notes your notes were mentioned in',
      'Additional preferences',
      'More preferences',
    ]);
    // Defaults: every type on; of the additional preferences only "reactions from people I follow" is off.
    expect(boxes.filter((b) => !b.checked).map((b) => b.labels?.[0]?.textContent)).toEqual([
      'Only show reactions from people I follow',
    ]);
    fireEvent.click(screen.getByLabelText('Reposts of your notes'));
    await waitFor(async () =>
      expect((await saved()).notifications).toMatchObject({ YOUR_POST_WAS_REPOSTED: false, YOUR_POST_WAS_LIKED: true }),
    );
    fireEvent.click(screen.getByLabelText('Include replies to replies'));
    await waitFor(async () =>
      expect((await saved()).notificationsAdditional).toMatchObject({ include_deep_replies: false }),
    );
  });

  it('Zaps: default zap and presets edited and saved; a bad amount is refused; restore brings the defaults', async () => {
    renderWithApp(<ZapsSection />, '/settings/zaps', data);
    await loaded();
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Default zap amount (sats)').value).toBe('42'));
    expect(document.querySelectorAll('li svg')).toHaveLength(6);
    fireEvent.change(screen.getByLabelText('Preset 3 amount (sats)'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Enter a whole number of sats above zero')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Preset 3 amount (sats)'), { target: { value: '1500' } });
    fireEvent.change(screen.getByLabelText('Default zap amount (sats)'), { target: { value: '100' } });
    fireEvent.change(screen.getByLabelText('Default zap message'), { target: { value: 'Thanks' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => {
      const value = await saved();
      expect(value.zapDefault).toEqual({ amount: 100, message: 'Thanks' });
      expect((value.zapConfig as Array<{ amount: number }>).map((z) => z.amount)).toEqual([
        21, 420, 1500, 5000, 10000, 100000,
      ]);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Restore default zaps' }));
    await waitFor(async () => expect((await saved()).zapDefault).toEqual({ amount: 42, message: 'Onward' }));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Preset 3 amount (sats)').value).toBe('1000'));
  });

  it('Dev tools: version, session id and the devMode switch (localStorage.devMode)', () => {
    renderWithApp(<DevtoolsSection />, '/settings/devtools', data);
    expect(screen.getByText(stores.session.getState().appId)).toBeTruthy();
    const toggle = screen.getByLabelText<HTMLInputElement>('Dev mode (logs and window.tide after a reload)');
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    expect(localStorage.getItem('devMode')).toBe('true');
    expect(screen.getByText('On')).toBeTruthy();
    fireEvent.click(toggle);
    expect(localStorage.getItem('devMode')).toBe('false');
  });
});
