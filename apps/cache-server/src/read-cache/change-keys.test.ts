import { describe, expect, it } from 'vitest';
import { pokedKeys, touchedKeys } from './change-keys.ts';
import { ChangeRecorder } from './change-set.ts';

const id = (c: string) => c.repeat(64);

describe('change keys', () => {
  it('names what an accepted event touches: itself, its author (by kind too, a reply apart) and what it references', () => {
    const r = new ChangeRecorder();
    r.accepted({
      id: id('1'),
      pubkey: id('a'),
      kind: 1,
      created_at: 1,
      content: '',
      sig: '',
      tags: [
        ['e', id('2'), '', 'root'],
        ['q', id('3')],
        ['a', `30023:${id('b')}:x`],
        ['p', id('c')],
        ['t', 'tag'],
      ],
    });
    expect(new Set(r.toChangeSet().keys)).toEqual(
      new Set([
        `e:${id('1')}`,
        `a:${id('a')}`,
        `kr1:${id('a')}`,
        `r:${id('2')}`,
        `r:${id('3')}`,
        `r:30023:${id('b')}:x`,
      ]),
    );
    // only live streams name whom they tag
    const live = new ChangeRecorder();
    live.accepted({
      id: id('4'),
      pubkey: id('a'),
      kind: 30311,
      created_at: 1,
      content: '',
      sig: '',
      tags: [['p', id('c')]],
    });
    expect(live.toChangeSet().keys).toContain(`m:${id('c')}`);
    // a version of a replaceable event names both author keys (the version it replaces may have been a reply)
    expect(live.toChangeSet().keys).toEqual(expect.arrayContaining([`k30311:${id('a')}`, `kr30311:${id('a')}`]));
  });

  it('tells follower counts from other user stats, and a row that may be new', () => {
    const r = new ChangeRecorder();
    r.row('user_stats', { pubkey: 'p1' }, { note_count: 1 });
    r.row('user_stats', { pubkey: 'p2' }, { followers_count: 1 });
    r.row('user_stats', { pubkey: 'p3' });
    // an insert leaving an existing row alone can only create one
    r.row('user_stats', { pubkey: 'p5', first_seen_at: 1 }, { pubkey: 'p5', first_seen_at: 1 }, true);
    r.row('replaceable_events', { pubkey: 'p4', kind: 0, identifier: '' }, { event_id: 'x' });
    r.row('zap_receipts', { target_event_id: 'e1' });
    const keys = new Set(r.toChangeSet().keys);
    expect(keys).toEqual(
      new Set(['s:p1', 'n:p1', 's:p2', 'n:p2', 'f:p2', 's:p3', 'n:p3', 'f:p3', 'p:p4', 'a:p4', 'e:e1', 'n:p5']),
    );
    // the read cache's fields are unchanged: every user_stats write names the user
    expect(r.toChangeSet().pubkeys).toEqual(['p1', 'p2', 'p3', 'p5', 'p4']);
  });

  it('reads sets without keys as event pieces, one naming users as everything, and everything as null', () => {
    expect(touchedKeys({ events: ['e'], pubkeys: [], media: false, links: true, all: false })).toEqual(
      new Set(['links', 'e:e']),
    );
    expect(touchedKeys({ events: [], pubkeys: ['p'], media: false, all: false })).toBeNull();
    expect(touchedKeys({ events: [], pubkeys: [], media: true, all: false, keys: ['a:x'] })).toEqual(
      new Set(['a:x', 'media']),
    );
    expect(touchedKeys({ events: [], pubkeys: [], media: false, all: true, keys: [] })).toBeNull();
  });

  it('names what pokes touch: ingest and counters nothing (their change sets say), settings the viewer, others all', () => {
    expect(pokedKeys('ingest')).toBeUndefined();
    expect(pokedKeys('peers')).toBeUndefined();
    expect(pokedKeys('author:x')).toBeUndefined();
    expect(pokedKeys('p:x')).toBeUndefined();
    // a membership write names its keys in its change set; its poke only moves the sequence
    expect(pokedKeys('member:x')).toBeUndefined();
    expect(pokedKeys('settings:x')).toEqual(new Set(['v:x']));
    expect(pokedKeys('something-new')).toBeNull();
  });

  it("names whose unread counters a write moved (c:), for other servers' live counters", () => {
    const r = new ChangeRecorder();
    r.row('notification_counts', { pubkey: id('a'), type: 1 }, { cnt: 1 });
    r.row('direct_message_counts', { receiver: id('b'), sender: id('c') }, { cnt: 1 });
    expect(new Set(r.toChangeSet().keys)).toEqual(new Set([`c:${id('a')}`, `c:${id('b')}`]));
  });
});
