// @vitest-environment node
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { messageIdsIn, splitMessages } from './vite-split-messages.ts';

const ids = ['home.title', 'note.reply', 'search.adv.kind.note', 'search.adv.kind.article', 'search.other'];

type Hook = (this: { error: (m: string) => never; addWatchFile: () => void }, ...args: string[]) => unknown;
function hooks() {
  const dir = mkdtempSync(join(tmpdir(), 'split-messages-'));
  const file = join(dir, 'en.json');
  writeFileSync(file, JSON.stringify({ 'home.title': 'Home', 'note.reply': 'Reply to {name}' }));
  const plugin = splitMessages(file);
  const ctx = {
    error: (m: string): never => {
      throw new Error(m);
    },
    addWatchFile: () => {},
  };
  const call = (name: 'buildStart' | 'resolveId' | 'load' | 'transform', ...args: string[]) =>
    (plugin[name] as unknown as Hook).call(ctx, ...args);
  call('buildStart');
  return call;
}

describe('messageIdsIn', () => {
  it('finds quoted catalogue ids and ignores other strings', () => {
    const code = `t('home.title'); t("note.reply"); const x = 'home.missing'; const y = \`search.other\`;`;
    expect(messageIdsIn(code, ids)).toEqual(['home.title', 'note.reply', 'search.other']);
  });

  it('takes every id under a template prefix', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the module source under test holds a template literal
    expect(messageIdsIn('t(`search.adv.kind.${kind}`)', ids)).toEqual([
      'search.adv.kind.article',
      'search.adv.kind.note',
    ]);
  });
});

describe('splitMessages', () => {
  it('makes a module import the messages it names', () => {
    const call = hooks();
    const out = call('transform', "t('home.title')", '/r/apps/web/src/features/x.tsx') as { code: string };
    expect(out.code).toBe(`import "virtual:tide-message/home.title";t('home.title')`);
    expect(call('transform', "t('home.title')", '/r/node_modules/x/apps/web/src/y.ts')).toBeNull();
    expect(call('transform', 'no ids', '/r/apps/web/src/features/x.tsx')).toBeNull();
  });

  it('ships one message per module, precompiled, and the whole-catalogue module empty', () => {
    const call = hooks();
    const resolved = call('resolveId', 'virtual:tide-message/note.reply') as string;
    const out = call('load', resolved) as { code: string; moduleSideEffects: boolean };
    expect(out.moduleSideEffects).toBe(true);
    expect(out.code).toContain(
      'addMessages({"note.reply":[{"type":0,"value":"Reply to "},{"type":1,"value":"name"}]})',
    );
    expect((call('load', '/r/apps/web/src/i18n/all-messages.ts') as { code: string }).code).toBe('export {};');
    expect(() => call('load', '\0virtual:tide-message/nope')).toThrow('unknown message nope');
  });
});
