import { describe, expect, it, vi } from 'vitest';
import { createTranslator } from '../../i18n/intl.tsx';
import { ALICE, BOB, richPage } from './note-fixtures.ts';
import { peopleItems } from './note-people-items.ts';

const people = vi.hoisted(() => ({ follow: vi.fn(async () => ({})), mute: vi.fn(async () => ({})) }));
vi.mock('../people/index.ts', () => people);

const t = createTranslator('en');
const root = 'f'.repeat(64);

describe('peopleItems', () => {
  const note = richPage('hello', [['e', root, '', 'root']]).notes[0]!;

  it('offers follow, mute and mute thread on someone else’s note, each running its action', () => {
    const items = peopleItems(note, t, BOB, new Set(), { users: [], threads: [] });
    expect(items.map((i) => i.label)).toEqual(['Follow alice', 'Mute user', 'Mute thread']);
    items[0]?.run();
    expect(people.follow).toHaveBeenCalledWith('follow', [ALICE]);
    items[1]?.run();
    expect(people.mute).toHaveBeenCalledWith({ type: 'user', pubkey: ALICE }, true, 'alice is muted');
    items[2]?.run();
    expect(people.mute).toHaveBeenCalledWith({ type: 'thread', id: root }, true, 'Thread muted');
  });

  it('offers unfollow and unmute when already so, no thread mute for a muted thread, nothing on your own note', () => {
    const items = peopleItems(note, t, BOB, new Set([ALICE]), { users: [ALICE], threads: [root] });
    expect(items.map((i) => i.id)).toEqual(['unfollow', 'unmute']);
    expect(peopleItems(note, t, ALICE, null, { users: [], threads: [] })).toEqual([]);
  });
});
