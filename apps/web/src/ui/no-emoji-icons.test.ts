import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');
// Pictographs, dingbats and symbols that render as an empty box without an emoji font (✓ ⚡ ▶ ☕ 👍 🚀 …).
const PICTOGRAPH = /[\u{1F000}-\u{1FAFF}\u{2600}-\u{27BF}\u{2B00}-\u{2BFF}\u{25A0}-\u{25FF}\u{2300}-\u{23FF}]/u;
// Data, not icons: the emoji picker's list is emoji by nature.
const DATA_FILES = new Set(['features/composer/emoji-data.ts']);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(tsx?|json|css)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('icons are SVG, never emoji', () => {
  it('no source file of the app draws a pictograph as text', () => {
    const found: string[] = [];
    for (const path of sources(SRC)) {
      const file = relative(SRC, path);
      if (DATA_FILES.has(file)) continue;
      readFileSync(path, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          const code = line.replace(/\/\/.*$|^\s*\*.*$|\/\*.*?\*\//g, '');
          const m = PICTOGRAPH.exec(code);
          if (m) found.push(`${file}:${i + 1} ${m[0]}`);
        });
    }
    expect(found).toEqual([]);
  });
});
