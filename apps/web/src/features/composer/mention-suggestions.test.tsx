import { fireEvent, screen, waitFor } from '@testing-library/react';
import { tryDecodeNip19 } from '@tide/core/nostr';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AppData } from '../../data/app-data.ts';
import { createTestAppData } from '../../data/test-app-data.ts';
import { startTestServer, type TestServer } from '../../data/test-server.test-helper.ts';
import { stores } from '../../state/stores.ts';
import { renderWithApp } from '../../test-utils.tsx';
import { signed, testAuthor } from '../thread/test-network.test-helper.ts';
import { ComposerEditor } from './composer-editor.tsx';
import type { NoteTemplate } from './note-template.ts';
import { useComposer } from './use-composer.ts';

// Twelve users named "zephyr …" on a real caching service: user_search answers the @ suggestions.
const zephyrs = Array.from({ length: 12 }, () => testAuthor());
let test: TestServer;
let data: AppData;

let sent: NoteTemplate | null = null;

function Harness() {
  const composer = useComposer(
    {},
    {
      send: async (template) => {
        sent = template;
        return null;
      },
    },
  );
  return (
    <>
      <ComposerEditor composer={composer} target={{}} onCancel={() => {}} />
      <output data-testid="text">{composer.text}</output>
    </>
  );
}

beforeAll(async () => {
  test = await startTestServer();
  await test.addEvents(
    zephyrs.map((u, i) => signed(u, 0, JSON.stringify({ name: `zephyr${i}`, display_name: `Zephyr ${i}` }))),
  );
  data = createTestAppData(test.server.url, WebSocket);
}, 60_000);

afterAll(async () => {
  data?.dispose();
  await test?.close();
});

beforeEach(() => {
  stores.session.getState().setAccount({ publicKey: 'e'.repeat(64), method: 'nsec', canSign: true });
});

function typeAt(text: string) {
  const area = screen.getByRole('combobox', { name: 'Note text' });
  fireEvent.change(area, { target: { value: text, selectionStart: text.length, selectionEnd: text.length } });
  return area;
}

describe('mention suggestions', () => {
  it('@ suggests 10 users; arrows move, Enter inserts @Name, which goes out as nostr:nprofile with a p tag', async () => {
    renderWithApp(<Harness />, '/', data);
    const area = typeAt('hi @zeph');
    await waitFor(() => expect(screen.getAllByTestId('mention-option')).toHaveLength(10), { timeout: 10_000 });
    expect(area.getAttribute('aria-expanded')).toBe('true');
    const options = screen.getAllByRole('option');
    expect(options[0].getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(area, { key: 'ArrowDown' });
    fireEvent.keyDown(area, { key: 'ArrowDown' });
    fireEvent.keyDown(area, { key: 'ArrowUp' });
    const chosen = screen.getAllByRole('option')[1];
    expect(chosen.getAttribute('aria-selected')).toBe('true');
    expect(area.getAttribute('aria-activedescendant')).toBe(chosen.id);
    const name = /^Zephyr \d+/.exec(chosen.textContent ?? '')?.[0];
    expect(name).toBeDefined();
    fireEvent.keyDown(area, { key: 'Enter' });
    // The writer reads the name; the note carries the reference.
    expect(screen.getByTestId('text').textContent).toBe(`hi @${name} `);
    expect(screen.queryAllByTestId('mention-option')).toHaveLength(0);
    sent = null;
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(sent).not.toBeNull());
    const got = sent as NoteTemplate | null;
    const match = /^hi nostr:(nprofile1[a-z0-9]+)$/.exec(got?.content ?? '');
    expect(match).not.toBeNull();
    const decoded = tryDecodeNip19(match?.[1] ?? '');
    const picked = zephyrs.find((z) => decoded?.type === 'nprofile' && decoded.data.pubkey === z.pubkey);
    expect(picked).toBeDefined();
    expect(got?.tags).toEqual([['p', picked?.pubkey, '', 'mention']]);
  }, 20_000);

  it('Escape closes the suggestions without inserting', async () => {
    renderWithApp(<Harness />, '/', data);
    const area = typeAt('@zephyr');
    await waitFor(() => expect(screen.getAllByTestId('mention-option').length).toBeGreaterThan(0), { timeout: 10_000 });
    fireEvent.keyDown(area, { key: 'Escape' });
    expect(screen.queryAllByTestId('mention-option')).toHaveLength(0);
    expect(area.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByTestId('text').textContent).toBe('@zephyr');
  }, 20_000);
});
