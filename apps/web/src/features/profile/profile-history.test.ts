import { beforeEach, describe, expect, it } from 'vitest';
import { localRecordKey } from '../../state/local-record.ts';
import {
  addToHistory,
  PROFILE_HISTORY_LIMIT,
  type ProfileHistoryEntry,
  readProfileHistory,
  recordProfileView,
} from './profile-history.ts';

const entry = (n: number): ProfileHistoryEntry => ({
  pubkey: String(n).padStart(64, '0'),
  name: `user ${n}`,
  picture: '',
  stats: { followers: n, notes: n },
});

beforeEach(() => localStorage.clear());

describe('profile history', () => {
  it('keeps the 10 most recent, most recent first, evicting the oldest with its stats', () => {
    let list: ProfileHistoryEntry[] = [];
    for (let i = 1; i <= 12; i++) list = addToHistory(list, entry(i));
    expect(PROFILE_HISTORY_LIMIT).toBe(10);
    expect(list.map((e) => e.name)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((n) => `user ${n}`));
    expect(list.some((e) => e.stats?.followers === 1)).toBe(false);
  });

  it('moves a profile viewed again to the front without duplicating it', () => {
    const list = addToHistory(addToHistory(addToHistory([], entry(1)), entry(2)), entry(1));
    expect(list.map((e) => e.name)).toEqual(['user 1', 'user 2']);
  });

  it('stores per viewer in the local record, keeping the record’s other fields', () => {
    localStorage.setItem(localRecordKey('me'), JSON.stringify({ theme: 'midnight' }));
    recordProfileView('me', entry(1));
    recordProfileView(null, entry(2));
    expect(readProfileHistory('me').map((e) => e.name)).toEqual(['user 1']);
    expect(readProfileHistory(null).map((e) => e.name)).toEqual(['user 2']);
    expect(JSON.parse(localStorage.getItem('store_me') ?? '{}').theme).toBe('midnight');
    expect(localStorage.getItem('store_anon')).not.toBeNull();
  });

  it('ignores a malformed record', () => {
    localStorage.setItem('store_anon', '{not json');
    expect(readProfileHistory(null)).toEqual([]);
    localStorage.setItem('store_anon', JSON.stringify({ profileHistory: [{ pubkey: 1 }, entry(3)] }));
    expect(readProfileHistory(null).map((e) => e.name)).toEqual(['user 3']);
  });
});
