import { describe, expect, it } from 'vitest';
import { jsonTooDeep, MAX_JSON_DEPTH } from './json-depth.ts';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('jsonTooDeep', () => {
  it('refuses nesting beyond the bound and keeps anything up to it', () => {
    expect(jsonTooDeep(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonTooDeep(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonTooDeep(`{"a":${nested(10_000)}}`)).toBe(true);
    expect(jsonTooDeep(JSON.stringify(['REQ', 's', { cache: ['feed', { pubkey: 'a'.repeat(64), limit: 20 }] }]))).toBe(
      false,
    );
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify(['EVENT', { content: `"${'['.repeat(500)}\\"${'{'.repeat(500)}`, tags: [['t', 'x']] }]);
    expect(jsonTooDeep(text)).toBe(false);
    expect(jsonTooDeep(JSON.stringify({ a: '\\' }) + nested(MAX_JSON_DEPTH + 1))).toBe(true);
  });
});
