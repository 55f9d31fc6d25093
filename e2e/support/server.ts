/** The e2e caching service's HTTP origin (the config's webServer; also Playwright's baseURL). */
export function serverUrl(): string {
  const port = process.env.TIDE_E2E_PORT;
  if (!port) throw new Error('TIDE_E2E_PORT is not set: run through e2e/playwright.config.ts');
  return `http://127.0.0.1:${port}`;
}

/** The relay (NIP-01) address of a Tide server origin: `ws://host:port/`. */
export function relayUrlOf(origin: string): string {
  return `${origin.replace(/^http/, 'ws')}/`;
}

/** The caching-service address of a Tide server origin: `ws://host:port/v1`. */
export function cacheUrlOf(origin: string): string {
  return `${origin.replace(/^http/, 'ws')}/v1`;
}
