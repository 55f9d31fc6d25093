import { emptyPage, emptyUser, type UserStats } from '@tide/core/model';
import { describe, expect, it } from 'vitest';
import { hasActivity, profileOf, profileTabSpec } from './profile-queries.ts';

const PK = 'ab'.repeat(32);
const zero: UserStats = {
  pubkey: PK,
  follows_count: 0,
  followers_count: 0,
  note_count: 0,
  reply_count: 0,
  time_joined: 0,
  total_zap_count: 0,
  total_satszapped: 0,
  relay_count: 0,
  media_count: 0,
  long_form_note_count: 0,
};

describe('profileOf', () => {
  it('is not found with only zero stats, found with a profile event or with activity', () => {
    const page = emptyPage();
    page.userStats[PK] = zero;
    expect(profileOf(page, PK).found).toBe(false);
    page.userStats[PK] = { ...zero, note_count: 1 };
    expect(hasActivity(page.userStats[PK])).toBe(true);
    expect(profileOf(page, PK).found).toBe(true);
    const withEvent = emptyPage();
    withEvent.users[PK] = { ...emptyUser(PK), msg: { kind: 0, content: '{}', pubkey: PK } };
    expect(profileOf(withEvent, PK).found).toBe(true);
  });

  it('is blocked only when the filtering reason says block', () => {
    const page = emptyPage();
    page.users[PK] = { ...emptyUser(PK), msg: { kind: 0, content: '{}', pubkey: PK } };
    page.filteringReasons[PK] = { action: 'allow' };
    expect(profileOf(page, PK).blocked).toBe(false);
    page.filteringReasons[PK] = { action: 'block', group: 'spam' };
    expect(profileOf(page, PK).blocked).toBe(true);
  });
});

describe('profileTabSpec', () => {
  it('builds the mega-feed specs of the profile tabs', () => {
    expect(profileTabSpec('notes', PK)).toBe(`{"id":"feed","kind":"notes","notes":"authored","pubkey":"${PK}"}`);
    expect(profileTabSpec('replies', PK)).toContain('"notes":"replies"');
    expect(profileTabSpec('media', PK)).toContain('"notes":"user_media_thumbnails"');
    expect(profileTabSpec('reads', PK)).toBe(
      `{"id":"feed","kind":"reads","notes":"authored","pubkey":"${PK}","minwords":0}`,
    );
  });
});
