import { describe, expect, it } from 'vitest';
import { CacheKind, isAddressableKind, isEphemeralKind, isReplaceableKind, Kind, NotificationType } from './kinds.ts';

describe('kinds', () => {
  it('has the spec §3 event kinds', () => {
    expect(Kind).toMatchObject({
      Metadata: 0,
      Text: 1,
      Contacts: 3,
      EncryptedDirectMessage: 4,
      Deletion: 5,
      Repost: 6,
      Reaction: 7,
      Image: 20,
      Zap: 9735,
      Highlight: 9802,
      MuteList: 10000,
      RelayList: 10002,
      Bookmarks: 10003,
      Blossom: 10063,
      TierList: 17000,
      LongForm: 30023,
      Settings: 30078,
      LiveEvent: 30311,
      Draft: 31234,
      Tier: 37001,
    });
  });

  it('names every caching-service kind once, within the synthetic range', () => {
    const values = Object.values(CacheKind);
    expect(new Set(values).size).toBe(values.length);
    for (const v of values) expect(v).toBeGreaterThanOrEqual(10_000_000);
    expect(CacheKind.NoteStats).toBe(10000100);
    expect(CacheKind.FeedRange).toBe(10000113);
    expect(CacheKind.LongFormShell).toBe(10030023);
    expect(CacheKind.WalletNwcConnection).toBe(10000803);
  });

  it('notification type codes are unique', () => {
    const values = Object.values(NotificationType);
    expect(new Set(values).size).toBe(values.length);
  });

  it('classifies replaceable, ephemeral and addressable kinds', () => {
    expect([0, 3, 10002].every(isReplaceableKind)).toBe(true);
    expect(isReplaceableKind(1)).toBe(false);
    expect(isEphemeralKind(22242)).toBe(true);
    expect(isAddressableKind(30023)).toBe(true);
    expect(isAddressableKind(20000)).toBe(false);
  });
});
