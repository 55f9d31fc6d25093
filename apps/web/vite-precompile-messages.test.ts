// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { precompileMessages } from './vite-precompile-messages.ts';

type Transform = (code: string, id: string) => { code: string } | null;
const transform = precompileMessages().transform as unknown as Transform;

describe('precompileMessages', () => {
  it('turns an i18n catalogue into ICU ASTs', () => {
    const out = transform('{"a":"Hello {name}"}', '/x/src/i18n/en.json');
    const compiled = JSON.parse(out!.code) as Record<string, Array<{ type: number; value: string }>>;
    expect(compiled.a!.map((part) => part.value)).toEqual(['Hello ', 'name']);
  });

  it('leaves other JSON files alone', () => {
    expect(transform('{"version":"1"}', '/x/package.json')).toBeNull();
    expect(transform('{"a":"b"}', '/x/src/data/en.json')).toBeNull();
  });

  it('fails the build on a broken message instead of shipping it', () => {
    expect(() => transform('{"a":"Hello {name"}', '/x/src/i18n/en.json')).toThrow();
  });
});
