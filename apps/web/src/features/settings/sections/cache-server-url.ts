/** True for a `ws://` or `wss://` address with a host (spec §5: otherwise 'Invalid url'). */
export function isWebSocketUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return (url.protocol === 'ws:' || url.protocol === 'wss:') && url.host.length > 0;
  } catch {
    return false;
  }
}

/** The caching service the app was served with: same origin, `/v1`, ws or wss to match the page. */
export function defaultCacheServerUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/v1`;
}
