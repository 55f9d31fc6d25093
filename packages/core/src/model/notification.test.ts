import { describe, expect, it } from 'vitest';
import { NOTIFICATION_FIELDS, parseNotification, parseNotificationCounts, parseSeenUntil } from './notification.ts';
import { hex, synthetic } from './test-fixtures.ts';

const me = hex('a');
const bob = hex('b');
const post = hex('1');

describe('parseNotification', () => {
  it('reads the actor and subject fields of each type', () => {
    const zapped = parseNotification(
      synthetic(10000110, {
        id: 'n1',
        pubkey: me,
        created_at: 10,
        type: 3,
        who_zapped_it: bob,
        your_post: post,
        satszapped: 21,
      }),
    );
    expect(zapped).toMatchObject({ id: 'n1', pubkey: me, type: 3, actor: bob, subject: post, satszapped: 21 });
    const follow = parseNotification(
      synthetic(10000110, { id: 'n2', pubkey: me, created_at: 11, type: 1, follower: bob }),
    );
    expect(follow?.actor).toBe(bob);
    expect(follow?.subject).toBeUndefined();
    const reaction = parseNotification(
      synthetic(10000110, { id: 'n3', type: 303, who_reacted: bob, your_post: post, reaction: '🔥' }),
    );
    expect(reaction?.reaction).toBe('🔥');
    const mentioned = parseNotification(
      synthetic(10000110, { id: 'n4', type: 201, who_zapped_it: bob, your_post_were_mentioned_in: post }),
    );
    expect(mentioned?.subject).toBe(post);
  });

  it('knows every type of the spec and drops unknown types', () => {
    const spec = [1, 2, 3, 4, 5, 6, 7, 8, 101, 102, 103, 104, 201, 202, 203, 204, 301, 302, 303];
    for (const type of spec) expect(NOTIFICATION_FIELDS[type], `type ${type}`).toBeDefined();
    expect(parseNotification(synthetic(10000110, { id: 'x', type: 999, follower: bob }))).toBeUndefined();
    expect(parseNotification({ kind: 10000110, content: 'nope' })).toBeUndefined();
  });
});

describe('notification counters', () => {
  it('sums the per-type counts carried on the object itself', () => {
    const counts = parseNotificationCounts({ kind: 10000112, pubkey: me, '1': 2, '3': 5, '6': '1' });
    expect(counts.total).toBe(8);
    expect(counts.byType).toEqual({ 1: 2, 3: 5, 6: 1 });
  });

  it('reads the seen-until timestamp', () => {
    expect(parseSeenUntil({ kind: 10000111, content: '1735689600' })).toBe(1735689600);
  });
});
