import { emptyPage } from '@tide/core/model';
import { naddrEncode, noteEncode } from '@tide/core/nostr';
import { describe, expect, it } from 'vitest';
import { buildNoteTemplate } from '../composer/note-template.ts';
import { copyText } from '../note/note-actions.ts';
import { articleNote } from './article-actions-bar.tsx';

const AUTHOR = 'a'.repeat(64);
const ID = '1'.repeat(64);

describe('a comment on an article', () => {
  it('is a kind 1 reply naming the article by id (root) and by address (a tag), tagging its author', () => {
    const page = emptyPage();
    page.relayHints[ID] = 'wss://relay.example/';
    const note = articleNote(
      {
        id: ID,
        pubkey: AUTHOR,
        kind: 30023,
        created_at: 1_700_000_000,
        content: '# Body',
        sig: 'f'.repeat(128),
        tags: [
          ['d', 'my-article'],
          ['title', 'My Article'],
        ],
      },
      page,
    );
    const template = buildNoteTemplate('Nice read', { replyTo: note }, []);
    expect(template.kind).toBe(1);
    expect(template.content).toBe('Nice read');
    expect(template.tags).toEqual(
      expect.arrayContaining([
        ['e', ID, 'wss://relay.example/', 'root', AUTHOR],
        ['a', `30023:${AUTHOR}:my-article`, 'wss://relay.example/', 'root'],
        ['p', AUTHOR],
      ]),
    );
  });

  it('a reply to a plain note gets no a tag', () => {
    const note = articleNote({ id: ID, pubkey: AUTHOR, kind: 1, content: 'hi', tags: [] }, emptyPage());
    expect(buildNoteTemplate('yes', { replyTo: note }, []).tags.some((t) => t[0] === 'a')).toBe(false);
  });

  it("the menu's copy link and copy ID give the article's address (/a/naddr), a note keeps /e/note1", () => {
    const article = articleNote(
      { id: ID, pubkey: AUTHOR, kind: 30023, content: '', tags: [['d', 'my-article']] },
      emptyPage(),
    );
    const naddr = naddrEncode({ kind: 30023, pubkey: AUTHOR, identifier: 'my-article' });
    expect(copyText(article, 'link', 'https://tide.example')).toBe(`https://tide.example/a/${naddr}`);
    expect(copyText(article, 'id')).toBe(naddr);
    const note = articleNote({ id: ID, pubkey: AUTHOR, kind: 1, content: 'hi', tags: [] }, emptyPage());
    expect(copyText(note, 'link', 'https://tide.example')).toBe(`https://tide.example/e/${noteEncode(ID)}`);
  });
});
