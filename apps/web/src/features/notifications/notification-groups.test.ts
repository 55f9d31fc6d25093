import type { Notification } from '@tide/core/model';
import { describe, expect, it } from 'vitest';
import { shownCount } from './notif-count.ts';
import { groupNotifications } from './notification-groups.ts';

const n = (type: number, actor: string, created_at: number, extra: Partial<Notification> = {}): Notification => ({
  id: `${type}-${actor}-${created_at}`,
  pubkey: 'me',
  created_at,
  type,
  actor,
  fields: {},
  ...extra,
});

describe('groupNotifications', () => {
  it('puts everyone who liked one note in one row, keeps replies apart and drops unknown types', () => {
    const rows = groupNotifications([
      n(4, 'a', 50, { subject: 'note1' }),
      n(6, 'b', 40, { subject: 'reply1' }),
      n(999, 'x', 35),
      n(4, 'c', 30, { subject: 'note1' }),
      n(4, 'a', 20, { subject: 'note1' }),
      n(6, 'b', 10, { subject: 'reply2' }),
      n(3, 'd', 5, { subject: 'note1', satszapped: 21 }),
      n(3, 'e', 4, { subject: 'note1', satszapped: 100 }),
    ]);
    expect(rows.map((r) => [r.type, r.actors, r.items.length])).toEqual([
      [4, ['a', 'c'], 3],
      [6, ['b'], 1],
      [6, ['b'], 1],
      [3, ['d', 'e'], 2],
    ]);
    expect(rows[3]?.sats).toBe(121);
  });

  it("keeps emoji reactions but not a like's '+'", () => {
    const rows = groupNotifications([
      n(303, 'a', 9, { subject: 'note1', reaction: 'wow' }),
      n(303, 'b', 8, { subject: 'note1', reaction: 'wow' }),
      n(303, 'c', 7, { subject: 'note1', reaction: 'yes' }),
      n(4, 'd', 6, { subject: 'note1', reaction: '+' }),
    ]);
    expect(rows.map((r) => r.reactions)).toEqual([['wow', 'yes'], []]);
  });
});

describe('shownCount', () => {
  it('shows 99+ from 100 on (spec §9)', () => {
    expect([1, 99, 100, 250].map(shownCount)).toEqual(['1', '99', '99+', '99+']);
  });
});
