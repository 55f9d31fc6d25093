import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { nsecEncode } from '@tide/core/nostr';
import { LocalSigner } from '@tide/core/signers';
import { Route, Routes } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { AppData } from '../../data/app-data.ts';
import { createTestAppData } from '../../data/test-app-data.ts';
import { startTestServer, type TestServer } from '../../data/test-server.test-helper.ts';
import { Page } from '../../routes/my-articles.tsx';
import { session } from '../../state/session.ts';
import { renderWithApp } from '../../test-utils.tsx';
import { articleTemplate, draftTemplate, emptyArticleFields } from '../article-editor/index.ts';
import { signed, testAuthor } from '../thread/test-network.test-helper.ts';

// Only the publisher is replaced (what a delete hands it is checked; relays are the e2e's part).
const publishEvent = vi.hoisted(() =>
  vi.fn(async (template: { kind: number; content: string; tags: string[][] }) => ({
    success: true,
    outcome: 'success' as const,
    reasons: [],
    event: { ...template, id: 'e'.repeat(64), pubkey: 'a'.repeat(64), sig: 'f'.repeat(128), created_at: 1 },
  })),
);
vi.mock('../publish/index.ts', () => ({ publishEvent }));

// Wren has one published article and one encrypted draft; My Articles lists both with their counts and the draft's
// title decrypted with her key.
const wren = testAuthor();
let test: TestServer;
let data: AppData;

beforeAll(async () => {
  test = await startTestServer();
  const now = Math.floor(Date.now() / 1000) - 600;
  const article = articleTemplate(
    { ...emptyArticleFields(), title: 'Tides And Moons', summary: 'On tides', content: 'The moon pulls the sea.' },
    now,
  );
  const signer = new LocalSigner(wren.secret);
  const draft = await draftTemplate(
    { ...emptyArticleFields(), title: 'Secret Draft Title', content: 'not yet' },
    'draft-one',
    wren.pubkey,
    signer.nip44,
    now,
  );
  await test.addEvents([
    signed(wren, 0, JSON.stringify({ name: 'wren' }), [], now - 10),
    signed(wren, article.kind, article.content, article.tags, now),
    signed(wren, draft.kind, draft.content, draft.tags, now),
  ]);
  data = createTestAppData(test.server.url, WebSocket);
}, 60_000);

afterAll(async () => {
  session.logout();
  data?.dispose();
  await test?.close();
});

const app = (route: string) =>
  renderWithApp(
    <Routes>
      <Route path="/myarticles/:tab?" element={<Page />} />
    </Routes>,
    route,
    data,
  );

describe('My Articles', () => {
  it('asks a guest to sign in', () => {
    app('/myarticles');
    expect(screen.getByText('Sign in to see your articles and drafts')).toBeTruthy();
  });

  it("lists the author's published article and decrypted draft with their counts", async () => {
    await session.signInWithNsec(nsecEncode(wren.secret));
    app('/myarticles');
    const published = await screen.findByTestId('my-articles-published', {}, { timeout: 10_000 });
    expect(within(published).getByText('Tides And Moons')).toBeTruthy();
    expect(within(published).getAllByTestId('my-article')).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Published (1)' })).toBeTruthy(), { timeout: 10_000 });
    expect(screen.getByRole('tab', { name: 'Drafts (1)' })).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Drafts (1)' }));
    const drafts = await screen.findByTestId('my-articles-drafts', {}, { timeout: 10_000 });
    await waitFor(() => expect(within(drafts).getByTestId('draft-title').textContent).toBe('Secret Draft Title'), {
      timeout: 10_000,
    });
    expect(within(drafts).getByRole('link').getAttribute('href')).toMatch(/^\/reads\/edit\/naddr1/);
  });

  it('deletes a draft from its menu after confirming: a kind 5 with the draft address, the row goes', async () => {
    app('/myarticles/drafts');
    const drafts = await screen.findByTestId('my-articles-drafts', {}, { timeout: 10_000 });
    await waitFor(() => expect(within(drafts).getByTestId('draft-title').textContent).toBe('Secret Draft Title'), {
      timeout: 10_000,
    });
    const trigger = within(drafts).getByRole('button', { name: 'Draft actions' });
    trigger.focus();
    fireEvent.keyDown(trigger, { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete draft' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete draft?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete draft' }));
    await waitFor(() => expect(publishEvent).toHaveBeenCalledTimes(1));
    const [template] = publishEvent.mock.calls[0]!;
    expect(template.kind).toBe(5);
    expect(template.tags).toContainEqual(['a', `31234:${wren.pubkey}:draft-one`]);
    await waitFor(() => expect(screen.queryByTestId('my-draft')).toBeNull());
  });
});
