import { describe, expect, it } from 'vitest';
import { mediaCacheUrl, parseLinkPreviews, parseMediaInfo, parseMediaStats, pickMediaVariant } from './media.ts';
import {
  parseCohortInfo,
  parseDmContacts,
  parseFilteringReason,
  parseLeaderboard,
  parseLegendCounts,
  parseLegendCustomization,
  parseNetStats,
} from './people.ts';
import { hex, synthetic } from './test-fixtures.ts';

const a = hex('a');
const b = hex('b');

describe('people parsers', () => {
  it('lists DM contacts newest conversation first', () => {
    const contacts = parseDmContacts(
      synthetic(10000118, {
        [a]: { cnt: 2, latest_at: 100, latest_event_id: 'e1' },
        [b]: { cnt: 0, latest_at: 300, latest_event_id: 'e2' },
      }),
    );
    expect(contacts.map((c) => c.pubkey)).toEqual([b, a]);
    expect(contacts[1].dmInfo).toEqual({ cnt: 2, latest_at: 100, latest_event_id: 'e1' });
  });

  it('reads leaderboard entries, donated_btc from a string', () => {
    const entries = parseLeaderboard(
      synthetic(10000170, [
        { index: 1, pubkey: a, donated_btc: '0.0125', last_donation: 1700000000, premium_since: 1690000000 },
      ]),
    );
    expect(entries).toEqual([
      { index: 1, pubkey: a, donated_btc: 0.0125, last_donation: 1700000000, premium_since: 1690000000 },
    ]);
    expect(parseLeaderboard({ kind: 10000171, content: '{}' })).toEqual([]);
  });

  it('reads legend customization per pubkey', () => {
    const custom = parseLegendCustomization(
      synthetic(10000168, { [a]: { style: 'GOLD', custom_badge: true, avatar_glow: false, in_leaderboard: true } }),
    );
    expect(custom[a]).toEqual({ style: 'GOLD', custom_badge: true, avatar_glow: false, in_leaderboard: true });
  });

  it('reads filtering reasons; null content means none', () => {
    expect(parseFilteringReason(synthetic(10000131, { action: 'block', pubkey: a, group: 'spam' }))).toEqual({
      action: 'block',
      pubkey: a,
      group: 'spam',
    });
    expect(parseFilteringReason({ kind: 10000131, content: 'null' })).toBeNull();
    expect(parseFilteringReason(synthetic(10000131, { action: 'maybe' }))).toBeNull();
  });

  it('reads membership cohort info', () => {
    const info = parseCohortInfo(
      synthetic(10000169, {
        [a]: { cohort_1: 'Legend', cohort_2: '2025', tier: 'premium-legend', expires_on: 0, legend_since: 1700000000 },
      }),
    );
    expect(info[a]).toEqual({
      cohort_1: 'Legend',
      cohort_2: '2025',
      tier: 'premium-legend',
      expires_on: 0,
      legend_since: 1700000000,
    });
  });

  it('reads network stats and legend counts', () => {
    expect(parseNetStats(synthetic(10000101, { users: 5, pubkeys: 9, zaps: 2, satszapped: 1000 }))).toEqual({
      users: 5,
      pubkeys: 9,
      pubnotes: 0,
      reactions: 0,
      reposts: 0,
      any: 0,
      zaps: 2,
      satszapped: 1000,
    });
    expect(parseLegendCounts(synthetic(10000102, { your_follows: 3 })).your_follows).toBe(3);
  });
});

describe('media parsers', () => {
  it('turns link metadata into previews', () => {
    const [preview] = parseLinkPreviews(
      synthetic(10000128, {
        event_id: 'e',
        resources: [
          {
            url: 'https://x.example/a',
            mimetype: 'text/html',
            md_title: 'T',
            md_description: 'D',
            md_image: 'https://x.example/i.png',
            icon_url: 'https://x.example/f.ico',
          },
        ],
      }),
    );
    expect(preview).toEqual({
      url: 'https://x.example/a',
      title: 'T',
      description: 'D',
      mediaType: 'text',
      contentType: 'text/html',
      images: ['https://x.example/i.png'],
      favicons: ['https://x.example/f.ico'],
    });
  });

  it('reads media variants, thumbnails and media stats', () => {
    const info = parseMediaInfo(
      synthetic(10000119, {
        event_id: 'e',
        resources: [
          {
            url: 'https://m/v.mp4',
            variants: [{ s: 'o', a: 1, w: 640, h: 480, mt: 'video/mp4', dur: 3.5, media_url: 'https://c/v' }],
          },
        ],
        thumbnails: { 'https://m/v.mp4': 'https://c/t.jpg' },
      }),
    );
    expect(info.eventId).toBe('e');
    expect(info.variants['https://m/v.mp4'][0]).toEqual({
      s: 'o',
      a: 1,
      w: 640,
      h: 480,
      mt: 'video/mp4',
      dur: 3.5,
      media_url: 'https://c/v',
    });
    expect(info.thumbnails['https://m/v.mp4']).toBe('https://c/t.jpg');
    expect(parseMediaStats(synthetic(10000163, { video: 1, image: 2, other: 3 }))).toEqual({
      video: 1,
      image: 2,
      other: 3,
    });
  });
});

describe('media URLs', () => {
  const variants = {
    'https://m/a.gif': [
      { s: 'o', a: 1, w: 0, h: 0, mt: 'image/gif', media_url: 'https://c/o-anim' },
      { s: 'm', a: 1, w: 0, h: 0, mt: 'image/gif', media_url: 'https://c/m-anim' },
      { s: 'm', a: 0, w: 0, h: 0, mt: 'image/jpeg', media_url: 'https://c/m-still' },
    ],
  };

  it('picks the variant by size and animated flag, falling back to the original', () => {
    expect(pickMediaVariant(variants, 'https://m/a.gif', 'm')).toBe('https://c/m-anim');
    expect(pickMediaVariant(variants, 'https://m/a.gif', 'm', false)).toBe('https://c/m-still');
    expect(pickMediaVariant(variants, 'https://m/a.gif', 'l')).toBe('https://c/o-anim');
    expect(pickMediaVariant(variants, 'https://m/other.png', 'm')).toBeUndefined();
  });

  it('builds media-cache proxy URLs', () => {
    expect(mediaCacheUrl('https://media.example/', 'https://x.example/a b.png')).toBe(
      'https://media.example/media-cache?s=o&a=1&u=https%3A%2F%2Fx.example%2Fa%20b.png',
    );
    expect(mediaCacheUrl('https://media.example', 'u', 's', false)).toBe(
      'https://media.example/media-cache?s=s&a=0&u=u',
    );
  });
});
