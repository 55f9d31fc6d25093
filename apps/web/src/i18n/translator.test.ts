import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTranslator } from './intl.tsx';

describe('createTranslator', () => {
  afterEach(() => vi.restoreAllMocks());

  it('formats catalogue messages with values, plurals and numbers', () => {
    const t = createTranslator('en');
    expect(t('auth.required')).toBe('You need to be signed in to perform this action');
    expect(t('reads.readingTime', { minutes: 2 })).toBe('2 min read');
    expect(t('pin.mismatch')).toBe("PINs don't match");
  });

  it('shows an unknown id as itself and logs it', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const t = createTranslator('en');
    expect(t('no.such.message' as Parameters<typeof t>[0])).toBe('no.such.message');
    expect(log).toHaveBeenCalledWith('Missing message: no.such.message');
  });
});
