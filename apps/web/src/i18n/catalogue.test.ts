// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Read the JSON as written (the app imports it precompiled).
const catalogue = JSON.parse(readFileSync(new URL('./en.json', import.meta.url), 'utf8')) as Record<string, string>;

describe('English catalogue', () => {
  it('holds non-empty messages only', () => {
    for (const [id, text] of Object.entries(catalogue)) {
      expect(text.trim(), id).not.toBe('');
    }
  });

  it('has no placeholder or unfinished text', () => {
    const all = Object.values(catalogue).join('\n');
    expect(all).not.toMatch(/\bTODO\b|lorem ipsum|placeholder|coming soon|FIXME/i);
  });

  it('carries the spec strings verbatim', () => {
    expect(catalogue['auth.required']).toBe('You need to be signed in to perform this action');
    expect(catalogue['login.invalidKey']).toBe('Please enter a valid private key');
    expect(catalogue['pin.tooShort']).toBe('PIN must be at least 4 characters');
    expect(catalogue['pin.mismatch']).toBe("PINs don't match");
    expect(catalogue['search.emptyTerm']).toBe('Please enter search term');
    expect(catalogue['createAccount.usernameInvalidChars']).toBe(
      'Spaces and special characters are not allowed in the username',
    );
    expect(catalogue['createAccount.usernameNotValid']).toBe('Username is not valid');
    expect(catalogue['premium.nameTooShort']).toBe('Name needs to be at least 3 characters long');
    expect(catalogue['settings.network.invalidUrl']).toBe('Invalid url');
  });
});
