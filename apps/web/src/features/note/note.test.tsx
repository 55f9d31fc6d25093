import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { profileLink } from '@tide/core/format';
import { describe, expect, it } from 'vitest';
import { stores } from '../../state/stores.ts';
import { renderWithApp } from '../../test-utils.tsx';
import { Note } from './note.tsx';
import { ALICE, BOB, CASHU, INVOICE, REFS, richPage } from './note-fixtures.ts';

function show(content: string, tags: string[][] = []) {
  const page = richPage(content, tags);
  const note = page.notes[0];
  if (!note) throw new Error('fixture has no note');
  renderWithApp(<Note note={note} page={page} />);
  return { page, note, content: screen.getByTestId('note-content') };
}

describe('Note content tokens', () => {
  it('renders text as text: markup stays inert', () => {
    const { content } = show('<img src=x onerror=alert(1)> <script>alert(2)</script> hello');
    expect(content.querySelector('img, script')).toBeNull();
    expect(content.textContent).toContain('<script>alert(2)</script> hello');
  });

  it('hashtags link to search, nostr: profiles to the profile (core profileLink)', () => {
    const { content } = show(`#nostr and nostr:${REFS.npub}`);
    expect(within(content).getByRole('link', { name: '#nostr' }).getAttribute('href')).toBe('/search/%23nostr');
    expect(within(content).getByRole('link', { name: '@bob' }).getAttribute('href')).toBe(profileLink(BOB));
  });

  it('a legacy #[n] mention resolves against the tags', () => {
    const { content } = show('hi #[0]', [['p', BOB]]);
    expect(within(content).getByRole('link', { name: '@bob' })).toBeTruthy();
  });

  it('embeds quoted notes and articles from the page mentions', () => {
    show(`nostr:${REFS.nevent} and nostr:${REFS.naddr}`);
    expect(screen.getByTestId('embedded-note').textContent).toContain('the quoted words');
    expect(screen.getByTestId('embedded-article').textContent).toContain('An Essay Title');
  });

  it('images use the media-cache variant and reserve their space (538 wide, at most 680 high)', () => {
    show('look https://img.example/one.jpg');
    const img = screen.getByTestId('note-image') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('https://media.example/m/one.jpg');
    expect(img.getAttribute('height')).toBe('680');
    expect(img.getAttribute('width')).toBe('340');
  });

  it('images without a variant go through /media-cache; several images make a gallery', () => {
    show('https://x.example/a.png https://x.example/b.png\nhttps://x.example/c.png');
    const gallery = screen.getByTestId('note-gallery');
    const sources = [...gallery.querySelectorAll('img')].map((i) => i.getAttribute('src'));
    expect(sources).toHaveLength(3);
    expect(sources[0]).toBe(`/media-cache?s=m&a=1&u=${encodeURIComponent('https://x.example/a.png')}`);
  });

  it('videos get controls and a reserved box', () => {
    show('https://x.example/clip.mp4');
    const video = screen.getByTestId('note-video');
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.getAttribute('width')).toBe('538');
  });

  it('embeds are sandboxed iframes with the spec heights', () => {
    show('https://open.spotify.com/track/abc123');
    const frame = screen.getByTestId('note-embed').querySelector('iframe');
    expect(frame?.getAttribute('sandbox')).toContain('allow-scripts');
    expect(frame?.getAttribute('height')).toBe('352');
  });

  it('links show the preview from the page link metadata', () => {
    show('read https://news.example/story');
    expect(screen.getByTestId('link-preview').textContent).toContain('Story Title');
  });

  it('invoices show amount and expiry', async () => {
    show(`pay ${INVOICE}`);
    expect((await screen.findByTestId('invoice-amount', {}, { timeout: 8000 })).textContent).toBe('250k sats');
    expect(screen.getByTestId('invoice-expiry').textContent).toContain('Expired');
  });

  it('cashu tokens show their amount', async () => {
    show(`take ${CASHU}`);
    expect((await screen.findByTestId('cashu-details', {}, { timeout: 8000 })).textContent).toMatch(/sats/);
  });

  it('javascript: URLs never become links', () => {
    const { content } = show('javascript:alert(1) and https://ok.example/page');
    const hrefs = [...content.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs.some((h) => h?.startsWith('javascript'))).toBe(false);
  });
});

describe('Note frame', () => {
  it('shows author, time, replying-to, footer stats', () => {
    show('a reply', [
      ['e', 'd'.repeat(64), '', 'root'],
      ['p', BOB],
    ]);
    const article = screen.getByTestId('note');
    expect(within(article).getByRole('link', { name: 'alice' })).toBeTruthy();
    expect(screen.getByTestId('replying-to').textContent).toContain('@bob');
    const footer = screen.getByTestId('note-footer');
    expect(footer.querySelector('[data-stat="replies"]')?.textContent).toContain('3');
    expect(footer.querySelector('[data-stat="likes"]')?.textContent).toContain('12');
    expect(footer.querySelector('[data-stat="reposts"]')?.textContent).toContain('4');
    expect(footer.querySelector('[data-stat="zaps"]')?.textContent).toContain('21k');
  });

  it('guests get the sign-in toasts for like and zap', () => {
    show('hello');
    fireEvent.click(screen.getByRole('button', { name: 'Like' }));
    fireEvent.click(screen.getByRole('button', { name: 'Zap' }));
    const messages = stores.toasts.getState().toasts.map((t) => t.message);
    expect(messages).toContain('You need to be signed in to perform this action');
    expect(messages).toContain('You must be logged-in to perform a zap');
  });

  it('a repost names who reposted', () => {
    const page = richPage('original');
    const note = {
      ...page.notes[0],
      repost: { id: 'r'.repeat(64), pubkey: BOB, created_at: 2000, user: page.users[BOB] },
    };
    renderWithApp(<Note note={note} page={page} />);
    expect(screen.getByTestId('reposted-by').textContent).toBe('Reposted by bob');
  });

  it('the context menu copies the note ID with a toast, and sign-in actions say so', async () => {
    show('menu test');
    fireEvent.click(screen.getByRole('button', { name: 'Note actions' }));
    const copyId = await screen.findByText('Copy note ID', {}, { timeout: 8000 });
    fireEvent.click(copyId);
    await waitFor(() => expect(stores.toasts.getState().toasts.map((t) => t.message)).toContain('Note ID copied'));
    expect(ALICE).toHaveLength(64);
  });
});
