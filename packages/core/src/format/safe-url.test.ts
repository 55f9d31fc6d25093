import { describe, expect, it } from 'vitest';
import { isSafeUrl, safeUrl } from './safe-url.ts';

describe('safeUrl', () => {
  it('keeps http(s) URLs (normalised) and same-origin paths', () => {
    expect(safeUrl('https://example.com/a.png')).toBe('https://example.com/a.png');
    expect(safeUrl(' HTTP://Example.com ')).toBe('http://example.com/');
    expect(safeUrl('/media-cache?s=m&u=x')).toBe('/media-cache?s=m&u=x');
  });

  it('rejects script and data schemes however they are disguised', () => {
    for (const bad of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'data:image/svg+xml,<svg onload=alert(1)>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
    ]) {
      expect(safeUrl(bad), bad).toBeUndefined();
    }
  });

  it('rejects protocol-relative and backslash paths, junk and non-strings', () => {
    for (const bad of ['//evil.example/x', '/\\evil.example', 'not a url', '', 'https://', undefined, null, 42]) {
      expect(safeUrl(bad), String(bad)).toBeUndefined();
    }
    expect(isSafeUrl('https://ok.example')).toBe(true);
    expect(isSafeUrl('javascript:1')).toBe(false);
  });
});
