import { describe, expect, it } from 'vitest';
import type { Tag } from './event.ts';
import {
  DEFAULT_SELECTED_RELAY_TAGS,
  deletionTargetTag,
  getReplyTag,
  getReplyToId,
  getRootTag,
  getTagValue,
  longFormIdentifier,
  mentionTag,
  selectReadRelays,
  selectRelayTags,
  selectWriteRelays,
} from './tags.ts';

describe('reply target (spec §5)', () => {
  it('prefers the tag marked reply', () => {
    const tags: Tag[] = [
      ['e', 'root1', '', 'root'],
      ['e', 'reply1', '', 'reply'],
      ['e', 'm', '', 'mention'],
    ];
    expect(getReplyToId(tags)).toBe('reply1');
  });
  it('falls back to the tag marked root', () => {
    expect(
      getReplyToId([
        ['e', 'm', '', 'mention'],
        ['e', 'root1', '', 'root'],
      ]),
    ).toBe('root1');
  });
  it('falls back to the sole non-mention e tag', () => {
    expect(
      getReplyToId([
        ['p', 'x'],
        ['e', 'only'],
      ]),
    ).toBe('only');
  });
  it('falls back to the last non-mention e tag (positional NIP-10)', () => {
    expect(
      getReplyToId([
        ['e', 'first'],
        ['e', 'second'],
        ['e', 'm', '', 'mention'],
      ]),
    ).toBe('second');
  });
  it('is undefined when only mentions or no e tags exist', () => {
    expect(getReplyTag([['e', 'm', '', 'mention']])).toBeUndefined();
    expect(getReplyTag([['p', 'x']])).toBeUndefined();
  });
  it('finds the root', () => {
    expect(
      getRootTag([
        ['e', 'a'],
        ['e', 'b', '', 'root'],
      ])?.[1],
    ).toBe('b');
    expect(
      getRootTag([
        ['e', 'm', '', 'mention'],
        ['e', 'a'],
        ['e', 'b'],
      ])?.[1],
    ).toBe('a');
  });
});

describe('mentions, deletion, long-form id', () => {
  it('mentions become tags marked mention', () => {
    expect(mentionTag('e', 'id1')).toEqual(['e', 'id1', '', 'mention']);
    expect(mentionTag('p', 'pk', 'wss://r.com')).toEqual(['p', 'pk', 'wss://r.com', 'mention']);
  });
  it('deletion uses an a tag for three colon-separated parts, else e', () => {
    expect(deletionTargetTag(`30023:${'a'.repeat(64)}:my-post`)).toEqual(['a', `30023:${'a'.repeat(64)}:my-post`]);
    expect(deletionTargetTag('b'.repeat(64))).toEqual(['e', 'b'.repeat(64)]);
    expect(deletionTargetTag('1:2')).toEqual(['e', '1:2']);
  });
  it('long-form identifier is the lower-cased title with spaces as dashes', () => {
    expect(longFormIdentifier('My First Article')).toBe('my-first-article');
    expect(longFormIdentifier('Two  Spaces')).toBe('two--spaces');
  });
  it('getTagValue', () => {
    expect(
      getTagValue(
        [
          ['d', 'x'],
          ['d', 'y'],
        ],
        'd',
      ),
    ).toBe('x');
    expect(getTagValue([], 'd')).toBeUndefined();
  });
});

describe('relay selection', () => {
  const relayList: Tag[] = [
    ['r', 'wss://read.only', 'read'],
    ['r', 'wss://both.com/'],
    ['r', 'write.only', 'write'],
    ['r', 'https://not-ws.com'],
    ['r', 'wss://third.com'],
    ['p', 'wss://not-a-relay-tag'],
  ];
  it('write relays skip tags marked read and invalid URLs', () => {
    expect(selectWriteRelays(relayList)).toEqual(['wss://both.com', 'wss://write.only', 'wss://third.com']);
  });
  it('read relays skip tags marked write', () => {
    expect(selectReadRelays(relayList)).toEqual(['wss://read.only', 'wss://both.com', 'wss://third.com']);
  });
  it('selects 2 relay tags by default', () => {
    expect(DEFAULT_SELECTED_RELAY_TAGS).toBe(2);
    expect(selectRelayTags(relayList)).toEqual([
      ['r', 'wss://both.com'],
      ['r', 'wss://write.only'],
    ]);
    expect(selectRelayTags(relayList, 3)).toHaveLength(3);
  });
});
