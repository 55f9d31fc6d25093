import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test-utils.tsx';
import { Note } from './note.tsx';
import { LinkCard } from './note-embeds.tsx';
import { ALICE, BOB, richPage } from './note-fixtures.ts';
import { TopZaps } from './note-footer.tsx';
import { reactionCounts } from './reactions-modal.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('note extras', () => {
  it('the reactions modal has tabs Likes, Zaps, Reposts, Quotes with the note counts', async () => {
    const page = richPage('reactions');
    const note = page.notes[0];
    if (!note) throw new Error('no note');
    renderWithApp(<Note note={note} page={page} />);
    fireEvent.click(screen.getByRole('button', { name: 'Note actions' }));
    fireEvent.click(await screen.findByText('Note reactions', {}, { timeout: 8000 }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 8000 });
    const tabs = within(dialog)
      .getAllByRole('tab')
      .map((t) => t.textContent);
    // No caching service here: the quote count (note_mentions_count) cannot load, so quotes read 0 and the reposts
    // keep the note's counter (which the server's mentions field never fills: quotes are counted as reposts).
    expect(tabs).toEqual(['Likes (12)', 'Zaps (2)', 'Reposts (4)', 'Quotes (0)']);
  });

  it('takes the quotes out of the reposts once the quote count is known', () => {
    const stats = { likes: 3, zaps: 2, reposts: 5, mentions: 0 } as Parameters<typeof reactionCounts>[0];
    expect(reactionCounts(stats, 2)).toEqual({ likes: 3, zaps: 2, reposts: 3, quotes: 2 });
    expect(reactionCounts(stats, undefined)).toEqual({ likes: 3, zaps: 2, reposts: 5, quotes: 0 });
  });

  it('top zaps show the biggest zap with its message, then the others', () => {
    const page = richPage('zapped');
    renderWithApp(
      <TopZaps
        zaps={[
          { id: 'z1', amount: 5000, pubkey: BOB, message: 'great', eventId: 'e' },
          { id: 'z2', amount: 21, pubkey: ALICE, message: '', eventId: 'e' },
        ]}
        users={page.users}
      />,
    );
    const zaps = screen.getByTestId('top-zaps');
    expect(zaps.textContent).toContain('5,000');
    expect(zaps.textContent).toContain('great');
    expect(zaps.textContent).toContain('21');
  });

  it('a link without page metadata asks /link-preview?u= and shows the answer', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      calls.push(url);
      return new Response(
        JSON.stringify({ url: 'https://site.example/a', title: 'Fetched Title', mimetype: 'text/html' }),
      );
    });
    renderWithApp(<LinkCard url="https://site.example/a" />);
    expect((await screen.findByTestId('link-preview')).textContent).toContain('Fetched Title');
    expect(calls).toEqual([`/link-preview?u=${encodeURIComponent('https://site.example/a')}`]);
  });

  it('a link whose preview fails stays a plain link', async () => {
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 500 }));
    renderWithApp(<LinkCard url="https://down.example/" />);
    await waitFor(() => expect(screen.getByRole('link').getAttribute('href')).toBe('https://down.example/'));
    expect(screen.queryByTestId('link-preview')).toBeNull();
  });
});
