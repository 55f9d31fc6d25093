import { screen, waitFor, within } from '@testing-library/react';
import { profileLink } from '@tide/core/format';
import { npubEncode } from '@tide/core/nostr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AppData } from '../../data/app-data.ts';
import { createTestAppData } from '../../data/test-app-data.ts';
import { startTestServer, type TestServer } from '../../data/test-server.test-helper.ts';
import { renderWithApp } from '../../test-utils.tsx';
import { signed, testAuthor } from '../thread/test-network.test-helper.ts';
import { MuteListFrame, mutedPubkeys } from './mute-list-frame.tsx';

// Mona mutes Rex and Sid (in that order) and a hashtag; Rex has a profile, Sid has none; Tess mutes no one.
const mona = testAuthor();
const rex = testAuthor();
const sid = testAuthor();
const tess = testAuthor();
let test: TestServer;
let data: AppData;

beforeAll(async () => {
  test = await startTestServer();
  const events = [
    signed(rex, 0, JSON.stringify({ name: 'rex', display_name: 'Rex <i>R</i>' })),
    signed(mona, 0, JSON.stringify({ name: 'mona', display_name: 'Mona' })),
    signed(mona, 10000, '', [
      ['p', rex.pubkey],
      ['t', 'spoilers'],
      ['p', sid.pubkey],
      ['p', rex.pubkey],
    ]),
  ];
  await test.addEvents(events);
  data = createTestAppData(test.server.url, WebSocket);
}, 60_000);

afterAll(async () => {
  data?.dispose();
  await test?.close();
});

describe('MuteListFrame', () => {
  it('lists the accounts a user mutes, once each and in order, linking to their profiles', async () => {
    const npub = npubEncode(mona.pubkey);
    renderWithApp(<MuteListFrame npub={npub} />, `/mutelist/${npub}`, data);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Mute List');
    // Named after its owner, never the raw npub (spec §9).
    await waitFor(() => expect(screen.getByTestId('mutelist-owner').textContent).toBe('Accounts muted by Mona'), {
      timeout: 10_000,
    });
    expect(document.title).toMatch(/^Mute list of Mona/);
    const list = await screen.findByTestId('mute-list', {}, { timeout: 10_000 });
    const rows = within(list).getAllByTestId('user-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('Rex <i>R</i>');
    expect(rows[0]?.querySelector('i')).toBeNull();
    expect(rows[1]?.textContent).toContain(npubEncode(sid.pubkey).slice(0, 16));
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe(profileLink(rex.pubkey));
  });

  it('says when the user mutes no one, naming an owner without a profile by the shortened npub', async () => {
    const npub = npubEncode(tess.pubkey);
    renderWithApp(<MuteListFrame npub={npub} />, '/mutelist/x', data);
    expect((await screen.findByTestId('empty-state', {}, { timeout: 10_000 })).textContent).toBe(
      'This user has not muted anyone',
    );
    const short = `${npub.slice(0, 15)}…${npub.slice(-10)}`;
    await waitFor(() => expect(screen.getByTestId('mutelist-owner').textContent).toBe(`Accounts muted by ${short}`));
    expect(document.title).toMatch(new RegExp(`^Mute list of ${short}`));
  });

  it('refuses a key that is not a public key, without asking the service', () => {
    renderWithApp(<MuteListFrame npub="npub1nope" />, '/mutelist/npub1nope', data);
    expect(screen.getByRole('alert').textContent).toBe('This is not a valid public key');
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('mutedPubkeys', () => {
  it('lists the p tags of the kind-10000 list once each, in order, skipping malformed keys and other events', () => {
    const a = 'a'.repeat(64);
    const b = 'b'.repeat(64);
    expect(
      mutedPubkeys([
        { kind: 0, tags: [['p', 'c'.repeat(64)]] },
        {
          kind: 10000,
          tags: [
            ['p', b],
            ['t', 'x'],
            ['p', 'bad'],
            ['p', a],
            ['p', b],
          ],
        },
      ]),
    ).toEqual([b, a]);
    expect(mutedPubkeys([])).toEqual([]);
  });
});
