import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

const CATALOGUE = fileURLToPath(new URL('./src/i18n/en.json', import.meta.url));
const REGISTRY = fileURLToPath(new URL('./src/i18n/messages.ts', import.meta.url));
const ALL_MESSAGES = /[\\/]src[\\/]i18n[\\/]all-messages\.ts$/;
const SOURCE = /[\\/](apps[\\/]web|packages[\\/]core)[\\/]src[\\/].*\.[cm]?[jt]sx?$/;
const VIRTUAL = 'virtual:tide-message/';
const LITERAL = /(['"`])([A-Za-z][\w-]*(?:\.[\w-]+)+)\1/g;
const TEMPLATE_PREFIX = /`([A-Za-z][\w-]*\.(?:[\w-]+\.)*)\$\{/g;

/** The catalogue ids a module's code names: quoted ids, and every id under a `ns.prefix.${…}` template. */
export function messageIdsIn(code: string, ids: readonly string[]): string[] {
  const known = new Set(ids);
  const found = new Set<string>();
  for (const [, , id] of code.matchAll(LITERAL)) if (id && known.has(id)) found.add(id);
  for (const [, prefix] of code.matchAll(TEMPLATE_PREFIX)) {
    for (const id of ids) if (prefix && id.startsWith(prefix)) found.add(id);
  }
  return [...found].sort();
}

/**
 * Vite build plugin: each module imports the catalogue messages it names (one tiny module per message registering its
 * precompiled ICU AST), and all-messages.ts ships empty, so a chunk brings its own messages and guest /home loads
 * only the ones it uses. Dev and tests keep the whole catalogue.
 */
export function splitMessages(catalogue = CATALOGUE): Plugin {
  let messages: Record<string, string> = {};
  let ids: string[] = [];
  return {
    name: 'tide-split-messages',
    apply: 'build',
    buildStart() {
      messages = JSON.parse(readFileSync(catalogue, 'utf8')) as Record<string, string>;
      ids = Object.keys(messages);
      this.addWatchFile(catalogue);
    },
    resolveId(source) {
      return source.startsWith(VIRTUAL) ? `\0${source}` : null;
    },
    load(id) {
      if (ALL_MESSAGES.test(id)) return { code: 'export {};', moduleSideEffects: false };
      if (!id.startsWith(`\0${VIRTUAL}`)) return null;
      const key = id.slice(VIRTUAL.length + 1);
      const text = messages[key];
      if (text === undefined) this.error(`unknown message ${key}`);
      const registry = JSON.stringify(REGISTRY);
      const compiled = JSON.stringify({ [key]: parse(text) });
      return { code: `import { addMessages } from ${registry};\naddMessages(${compiled});\n`, moduleSideEffects: true };
    },
    transform(code, id) {
      if (id.includes('node_modules') || !SOURCE.test(id) || ALL_MESSAGES.test(id)) return null;
      const named = messageIdsIn(code, ids);
      if (named.length === 0) return null;
      const imports = named.map((key) => `import ${JSON.stringify(VIRTUAL + key)};`).join('');
      return { code: imports + code, map: null };
    },
  };
}
