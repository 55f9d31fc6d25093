import { generateSecretKey, Kind, verifyEvent } from '@tide/core/nostr';
import { LocalSigner } from '@tide/core/signers';
import { describe, expect, it } from 'vitest';
import {
  articleIdentifier,
  articleTemplate,
  deletionTemplate,
  draftTemplate,
  emptyArticleFields,
  fieldsOfArticle,
  openDraft,
  parseTopics,
} from './article-events.ts';

const fields = {
  ...emptyArticleFields(),
  title: 'My First Article',
  summary: 'A summary',
  image: 'https://example.com/a.png',
  topics: ['nostr', 'writing'],
  content: '# Hello\n\nSome **bold** text.',
};

describe('article events', () => {
  it('derives d from the title (lower-cased, spaces to dashes) and keeps an existing d on edits', () => {
    expect(articleIdentifier(fields)).toBe('my-first-article');
    expect(articleIdentifier({ ...fields, identifier: 'kept-d', title: 'Renamed Title' })).toBe('kept-d');
  });

  it('builds the kind 30023 tags: d, title, summary, image, published_at, t', () => {
    const t = articleTemplate(fields, 1_700_000_000);
    expect(t.kind).toBe(30023);
    expect(t.content).toBe(fields.content);
    expect(t.tags).toEqual([
      ['d', 'my-first-article'],
      ['title', 'My First Article'],
      ['summary', 'A summary'],
      ['image', 'https://example.com/a.png'],
      ['published_at', '1700000000'],
      ['t', 'nostr'],
      ['t', 'writing'],
    ]);
  });

  it('keeps published_at and d when an article is edited', () => {
    const edited = articleTemplate({ ...fields, identifier: 'old-d', publishedAt: 1_600_000_000 }, 1_700_000_000);
    expect(edited.tags).toContainEqual(['d', 'old-d']);
    expect(edited.tags).toContainEqual(['published_at', '1600000000']);
    expect(edited.created_at).toBe(1_700_000_000);
  });

  it('reads back the fields of a published article', () => {
    const t = articleTemplate(fields, 1_700_000_000);
    expect(fieldsOfArticle(t)).toEqual({ ...fields, identifier: 'my-first-article', publishedAt: 1_700_000_000 });
  });

  it('parses topics from typed text', () => {
    expect(parseTopics('#Nostr, writing  nostr ,, #Long-Form')).toEqual(['nostr', 'writing', 'long-form']);
  });

  it('encrypts a draft to the author (NIP-44) and decrypts it back; others cannot read it', async () => {
    const author = new LocalSigner(generateSecretKey());
    const pubkey = await author.getPublicKey();
    const template = await draftTemplate({ ...fields, identifier: 'old-d' }, 'draft-1', pubkey, author.nip44, 1234);
    expect(template.kind).toBe(Kind.Draft);
    expect(template.tags).toEqual([
      ['d', 'draft-1'],
      ['k', '30023'],
    ]);
    expect(template.content).not.toContain('My First Article');
    const signed = await author.signEvent({ ...template, created_at: 1234 });
    expect(verifyEvent(signed)).toBe(true);

    const opened = await openDraft(signed, pubkey, author.nip44);
    expect(opened).toEqual({ draftId: 'draft-1', savedAt: 1234, fields: { ...fields, identifier: 'old-d' } });

    const stranger = new LocalSigner(generateSecretKey());
    await expect(openDraft(signed, await stranger.getPublicKey(), stranger.nip44)).rejects.toThrow();
    await expect(openDraft(signed, pubkey, stranger.nip44)).rejects.toThrow();
  });

  it('deletes an addressable event with an a tag', () => {
    const d = deletionTemplate('30023:abc:my-d', 'e1');
    expect(d.kind).toBe(5);
    expect(d.tags).toEqual([
      ['a', '30023:abc:my-d'],
      ['k', '30023'],
      ['e', 'e1'],
    ]);
  });
});
