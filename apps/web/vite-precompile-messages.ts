import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

/** Vite plugin: turns `src/i18n/*.json` catalogues (id → ICU string) into precompiled ICU ASTs at build time. */
export function precompileMessages(): Plugin {
  return {
    name: 'tide-precompile-messages',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]src[\\/]i18n[\\/][a-z-]+\.json$/.test(id)) return null;
      const catalogue = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(Object.entries(catalogue).map(([key, text]) => [key, parse(text)]));
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}
