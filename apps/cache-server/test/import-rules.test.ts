import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script (no types); scripts/import-rules.mjs also runs on its own with node
import * as rules from '../../../scripts/import-rules.mjs';

// The repository's import rules (scripts/import-rules.mjs): no circles in any workspace, rooms entered through their
// index, core free of React and apps. Each check is first shown to fail on a small tree of files written here.

const scratch = mkdtempSync(join(tmpdir(), 'tide-import-rules-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function tree(name: string, files: Record<string, string>): string {
  const root = join(scratch, name);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('the import rules can fail', () => {
  it('finds a circle, through type-only and dynamic imports too', () => {
    const root = tree('circle', {
      'a.ts': "import type { B } from './b.ts';\nexport type A = B;\n",
      'b.ts': "export type B = number;\nexport const load = () => import('./c.tsx');\n",
      'c.tsx': "// import { nothing } from './a.ts' is a comment\nimport { x } from './a';\nexport const y = x;\n",
      'd.ts': "const url = '/settings/*';\nimport { y } from './c.tsx';\n",
    });
    const circles = rules.findCircles(rules.importGraph([root])) as string[][];
    expect(circles).toHaveLength(1);
    expect(circles[0]?.map((p) => p.split('/').pop())).toEqual(['a.ts', 'b.ts', 'c.tsx', 'a.ts']);
  });

  it('finds an import past a room index, and lets the index and the room itself through', () => {
    const root = tree('rooms', {
      'answers/index.ts': "export { run } from './run.ts';\n",
      'answers/run.ts': "import { helper } from './helper.ts';\nexport const run = helper;\n",
      'answers/helper.ts': 'export const helper = 1;\n',
      'ws/good.ts': "import { run } from '../answers/index.ts';\nexport const a = run;\n",
      'ws/bad.ts': "import { helper } from '../answers/helper.ts';\nexport const b = helper;\n",
    });
    const breaks = rules.roomBreaks([join(root, 'answers')], [root]) as string[];
    expect(breaks).toHaveLength(1);
    expect(breaks[0]).toMatch(/ws\/bad\.ts -> .*answers\/helper\.ts$/);
  });

  it('finds React or an app imported by core', () => {
    const root = tree('core', {
      'src/ok.ts': "import { bytesToHex } from '@noble/hashes/utils.js';\nexport const ok = bytesToHex;\n",
      'src/react.ts': "import { useState } from 'react';\nexport const r = useState;\n",
      'src/app.ts': "import { startServer } from '@tide/cache-server/testing';\nexport const s = startServer;\n",
    });
    expect(rules.coreBreaks(join(root, 'src'))).toHaveLength(2);
  });
});

describe('the repository keeps the import rules', () => {
  it('has no import circle in packages/core, apps/web or apps/cache-server', () => {
    expect(rules.circlesByWorkspace()).toEqual({});
  });

  it('enters answers/, workers/ and ws/ only through their index.ts', () => {
    expect(rules.roomBreaks()).toEqual([]);
  });

  it("adds no reach past the older rooms' indexes (commands, store, ingest, seed) beyond the recorded ones", () => {
    expect(rules.newRatchetBreaks()).toEqual([]);
  });

  it('keeps React and the apps out of packages/core', () => {
    expect(rules.coreBreaks()).toEqual([]);
  });
});
