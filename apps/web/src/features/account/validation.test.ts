import { describe, expect, it } from 'vitest';
import { checkNewPin, checkUsername } from './validation.ts';

describe('checkUsername', () => {
  it('requires a name', () => {
    expect(checkUsername('')).toBe('required');
    expect(checkUsername('   ')).toBe('required');
  });
  it('rejects spaces and special characters', () => {
    expect(checkUsername('ann marie')).toBe('invalid');
    expect(checkUsername('ann!')).toBe('invalid');
    expect(checkUsername('<b>')).toBe('invalid');
  });
  it('accepts letters, digits, underscore, dot and hyphen', () => {
    expect(checkUsername('ann_marie-2.0')).toBeUndefined();
  });
});

describe('checkNewPin', () => {
  it('needs at least 4 characters', () => {
    expect(checkNewPin('123', '123')).toBe('short');
  });
  it('needs both entries to match', () => {
    expect(checkNewPin('1234', '1235')).toBe('mismatch');
    expect(checkNewPin('1234', '1234')).toBeUndefined();
  });
});
