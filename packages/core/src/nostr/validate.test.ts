import { describe, expect, it } from 'vitest';
import { EventError, EventErrorCode, hasSignedShape, isHex, validateEvent } from './validate.ts';

const base = { kind: 1, content: 'hi', created_at: 1, pubkey: 'a'.repeat(64), tags: [['p', 'b'.repeat(64)]] };

describe('validateEvent (spec §5)', () => {
  it('accepts a well-formed unsigned event', () => {
    expect(validateEvent(base)).toBe(true);
    expect(validateEvent({ ...base, tags: [['e', 'x', 1, null]] })).toBe(true);
  });
  it.each([
    ['non-numeric kind', { ...base, kind: '1' }],
    ['non-string content', { ...base, content: 5 }],
    ['non-numeric created_at', { ...base, created_at: '1' }],
    ['short pubkey', { ...base, pubkey: 'a'.repeat(63) }],
    ['upper-case pubkey', { ...base, pubkey: 'A'.repeat(64) }],
    ['tags not an array', { ...base, tags: {} }],
    ['a tag not an array', { ...base, tags: ['p'] }],
    ['an object inside a tag', { ...base, tags: [['p', { x: 1 }]] }],
    ['null', null],
  ])('rejects %s', (_name, value) => {
    expect(validateEvent(value)).toBe(false);
  });
  it('hasSignedShape also needs 64-hex id and 128-hex sig', () => {
    expect(hasSignedShape(base)).toBe(false);
    expect(hasSignedShape({ ...base, id: 'c'.repeat(64), sig: 'd'.repeat(128) })).toBe(true);
    expect(hasSignedShape({ ...base, id: 'c'.repeat(64), sig: 'd'.repeat(127) })).toBe(false);
  });
  it('isHex checks length and alphabet', () => {
    expect(isHex('0f', 2)).toBe(true);
    expect(isHex('0g', 2)).toBe(false);
  });
  it('EventError carries the spec codes', () => {
    const err = new EventError(EventErrorCode.NotSigned);
    expect(err.code).toBe('event_not_signed');
    expect(err.message).toBe('event_not_signed');
    expect(EventErrorCode.SigNotVerified).toBe('event_sig_not_verified');
  });
});
