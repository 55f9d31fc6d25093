import { describe, expect, it } from 'vitest';
import { defaultNotificationSettings, NOTIFICATION_GROUPS } from './notification-groups.ts';

describe('notification settings', () => {
  it('covers every notification type except unfollows, each once, all on by default', () => {
    const types = NOTIFICATION_GROUPS.flatMap((g) => g.types.map((t) => t.type)).sort((a, b) => a - b);
    expect(types).toEqual([1, 3, 4, 5, 6, 7, 8, 101, 102, 103, 104, 201, 202, 203, 204, 301, 302, 303]);
    expect(Object.values(defaultNotificationSettings()).every(Boolean)).toBe(true);
  });
});
