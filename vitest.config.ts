import { defineConfig } from 'vitest/config';

// One vitest run over every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: ['packages/core', 'apps/cache-server', 'apps/web', 'apps/sandbox'],
  },
});
