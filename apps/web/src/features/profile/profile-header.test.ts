import type { UserStats } from '@tide/core/model';
import { describe, expect, it } from 'vitest';
import { profileStatRows, safeWebsite } from './profile-header.tsx';

describe('safeWebsite', () => {
  it('links http(s) sites, adding https when no scheme is given', () => {
    expect(safeWebsite('example.com')).toBe('https://example.com/');
    expect(safeWebsite('http://example.com/a')).toBe('http://example.com/a');
  });

  it('never links javascript:, data: or malformed addresses', () => {
    expect(safeWebsite('javascript:alert(1)')).toBeNull();
    expect(safeWebsite('data:text/html,<script>')).toBeNull();
    expect(safeWebsite('http://')).toBeNull();
    expect(safeWebsite('  ')).toBeNull();
  });
});

describe('profileStatRows', () => {
  it('lists the eight spec stats in order', () => {
    const stats: UserStats = {
      pubkey: 'p',
      follows_count: 2,
      followers_count: 1,
      note_count: 5,
      reply_count: 6,
      time_joined: 0,
      total_zap_count: 3,
      total_satszapped: 4,
      relay_count: 8,
      media_count: 0,
      long_form_note_count: 7,
    };
    expect(profileStatRows(stats)).toEqual([
      { id: 'followers', value: 1 },
      { id: 'following', value: 2 },
      { id: 'zaps', value: 3 },
      { id: 'sats', value: 4 },
      { id: 'notes', value: 5 },
      { id: 'replies', value: 6 },
      { id: 'reads', value: 7 },
      { id: 'relays', value: 8 },
    ]);
  });
});
