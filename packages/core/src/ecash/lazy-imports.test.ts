import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const here = import.meta.dirname;
const sources = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith('test-'))
    .map((f) => ({ file: f, text: readFileSync(join(dir, f), 'utf8') }));

describe('heavy libraries are only imported lazily', () => {
  it.each([
    ['ecash', '@cashu/cashu-ts', here],
    ['lightning', '@getalby/sdk', join(here, '../lightning')],
  ])('%s never imports %s statically (only import() or import type)', (_name, pkg, dir) => {
    for (const { file, text } of sources(dir)) {
      const statics = text
        .split('\n')
        .filter((line) => line.includes(`from '${pkg}`) && !/^\s*import type\s/.test(line));
      expect(statics, file).toEqual([]);
    }
    const dynamic = sources(dir).some(({ text }) => text.includes(`import('${pkg}`));
    expect(dynamic).toBe(true);
  });
});
