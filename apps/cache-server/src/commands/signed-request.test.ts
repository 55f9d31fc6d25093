import { finalizeEvent, generateSecretKey } from 'nostr-tools/pure';
import { describe, expect, it } from 'vitest';
import { checkSignedEvent } from './signed-request.ts';

const NOW = 1_800_000_000;
const secret = generateSecretKey();

function signed(overrides: { kind?: number; created_at?: number; content?: string } = {}) {
  return finalizeEvent(
    {
      kind: overrides.kind ?? 30078,
      created_at: overrides.created_at ?? NOW,
      tags: [['d', 'Primal-Web App', 'get_app_settings']],
      content: overrides.content ?? '{"description":"Sync app settings"}',
    },
    secret,
  );
}

const opts = { field: 'event_from_user', now: NOW };

describe('checkSignedEvent', () => {
  it('accepts a fresh, correctly signed kind-30078 event', () => {
    const event = signed();
    const result = checkSignedEvent(JSON.parse(JSON.stringify(event)), opts);
    expect(result).toEqual({ ok: true, event: JSON.parse(JSON.stringify(event)) });
  });

  it('accepts created_at up to 5 minutes either side of now', () => {
    expect(checkSignedEvent(signed({ created_at: NOW - 300 }), opts).ok).toBe(true);
    expect(checkSignedEvent(signed({ created_at: NOW + 300 }), opts).ok).toBe(true);
  });

  it('refuses a missing event', () => {
    expect(checkSignedEvent(undefined, opts)).toEqual({ ok: false, reason: 'event_from_user is required' });
  });

  it('refuses malformed shapes with the field name in the reason', () => {
    expect(checkSignedEvent('nope', opts)).toEqual({ ok: false, reason: 'event_from_user is not an event object' });
    const noSig = { ...signed(), sig: 'xyz' };
    expect(checkSignedEvent(noSig, { ...opts, field: 'settings_event' })).toEqual({
      ok: false,
      reason: 'settings_event sig must be 128 lowercase hex characters',
    });
    const badTags = { ...signed(), tags: [[{ a: 1 }]] };
    expect(checkSignedEvent(badTags, opts)).toEqual({
      ok: false,
      reason: 'event_from_user tags must be arrays of non-object items',
    });
  });

  it('refuses an event whose content was changed after signing (id mismatch)', () => {
    const tampered = { ...signed(), content: '{"description":"something else"}' };
    expect(checkSignedEvent(tampered, opts)).toEqual({
      ok: false,
      reason: 'event_from_user id does not match its content',
    });
  });

  it('refuses a bad signature', () => {
    const event = signed();
    const other = signed({ content: 'other' });
    expect(checkSignedEvent({ ...event, sig: other.sig }, opts)).toEqual({
      ok: false,
      reason: 'event_from_user signature is invalid',
    });
  });

  it('refuses the wrong kind', () => {
    expect(checkSignedEvent(signed({ kind: 1 }), opts)).toEqual({
      ok: false,
      reason: 'event_from_user must be kind 30078, got 1',
    });
  });

  it('refuses stale and future created_at', () => {
    const reason = 'event_from_user created_at must be within 5 minutes of now';
    expect(checkSignedEvent(signed({ created_at: NOW - 301 }), opts)).toEqual({ ok: false, reason });
    expect(checkSignedEvent(signed({ created_at: NOW + 301 }), opts)).toEqual({ ok: false, reason });
  });
});
