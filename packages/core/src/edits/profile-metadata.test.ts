import { describe, expect, it } from 'vitest';
import { mergeProfileMetadata, parseProfileContent, profileFieldsOf } from './profile-metadata.ts';

describe('mergeProfileMetadata', () => {
  const latest = {
    content: JSON.stringify({
      name: 'alice',
      display_name: 'Alice',
      about: 'hi',
      lud06: 'lnurl1xyz',
      tide_unknown_field: { keep: [1, 2] },
      picture: 'https://x/a.png',
    }),
    tags: [['i', 'github:alice', 'proof']],
  };

  it('keeps every field it does not edit, unknown ones included, and the tags', () => {
    const t = mergeProfileMetadata(
      latest,
      { ...profileFieldsOf(latest.content), about: 'new about', website: 'tide.example' },
      9,
    );
    expect(t.kind).toBe(0);
    expect(t.created_at).toBe(9);
    expect(t.tags).toEqual([['i', 'github:alice', 'proof']]);
    expect(JSON.parse(t.content)).toEqual({
      name: 'alice',
      display_name: 'Alice',
      displayName: 'Alice',
      about: 'new about',
      lud06: 'lnurl1xyz',
      tide_unknown_field: { keep: [1, 2] },
      picture: 'https://x/a.png',
      website: 'tide.example',
    });
  });

  it('removes an emptied field and trims single-line fields', () => {
    const t = mergeProfileMetadata(latest, { picture: '', name: '  alice2 ' });
    const json = JSON.parse(t.content);
    expect(json.picture).toBeUndefined();
    expect(json.name).toBe('alice2');
    expect(json.lud06).toBe('lnurl1xyz');
  });

  it('starts from nothing when there is no profile or its JSON is broken', () => {
    expect(JSON.parse(mergeProfileMetadata(null, { name: 'bob' }).content)).toEqual({ name: 'bob' });
    expect(parseProfileContent('{not json')).toEqual({});
    expect(parseProfileContent('[1]')).toEqual({});
  });

  it('reads the form values, displayName falling back to display_name', () => {
    expect(profileFieldsOf(JSON.stringify({ displayName: 'D', name: 'n' }))).toMatchObject({
      displayName: 'D',
      name: 'n',
      about: '',
    });
    expect(profileFieldsOf(latest.content).displayName).toBe('Alice');
  });
});
