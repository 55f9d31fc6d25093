/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompileMessages } from './vite-precompile-messages.ts';
import { splitMessages } from './vite-split-messages.ts';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
const cacheTarget = process.env.TIDE_CACHE_URL ?? 'http://127.0.0.1:8787';
const proxied = ['/v1', '/link-preview', '/media-cache', '/media', '/.well-known', '/upload'];

// The web app: React + Vite; messages are compiled to ICU ASTs at build time so the parser stays out of the bundle.
export default defineConfig({
  plugins: [precompileMessages(), splitMessages(), react()],
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  resolve: {
    // The app ships without the ICU parser; tests keep it so the build plugin itself can be tested.
    alias: process.env.VITEST
      ? []
      : [
          {
            find: /^@formatjs\/icu-messageformat-parser$/,
            replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
          },
        ],
  },
  server: {
    host: '127.0.0.1',
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: cacheTarget, ws: p === '/v1', changeOrigin: true }])),
  },
  // Every supported browser has <link rel=modulepreload> (Chrome 66, Firefox 115, Safari 17): no polyfill.
  build: {
    target: 'es2022',
    sourcemap: false,
    modulePreload: { polyfill: false },
    // The app shell (main.tsx) and the landing route, with everything they import statically (React, the router, React
    // Query, the note list, avatars, stores…), ship as one chunk: split into the ~45 small chunks that the routes'
    // overlaps make, guest /home paid ~13 KB more gzip. Other routes load their own code on top of it.
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'app', test: /[\\/]src[\\/](main|routes[\\/]home)\.tsx$/ }] } },
    },
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    setupFiles: ['./src/test-setup.ts'],
  },
});
