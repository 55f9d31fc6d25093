/** Fetches `https://<domain>/.well-known/nostr.json?name=<name>`; injectable for tests. */
export type Nip05Fetch = (url: string) => Promise<{ ok: boolean; json: () => Promise<unknown> }>;

const cache = new Map<string, Promise<string | null>>();

/** Splits `name@domain` (a bare domain means `_@domain`); null when malformed. */
export function splitNip05(nip05: string): { name: string; domain: string } | null {
  const text = nip05.trim().toLowerCase();
  const [name, domain, extra] = text.includes('@') ? text.split('@') : ['_', text];
  if (extra !== undefined || !name || !domain || !/^[a-z0-9-_.]+$/.test(name)) return null;
  if (!/^[a-z0-9.-]+(:\d+)?$/.test(domain) || !domain.includes('.')) return null;
  return { name, domain };
}

/** https, except for the page's own host, which is asked with the page's scheme (a local caching service). */
export function nip05Scheme(domain: string, page = globalThis.location): string {
  return page && domain === page.host ? page.protocol : 'https:';
}

/** The pubkey `nip05` names (cached per address), or null when it does not resolve. */
export function resolveNip05(nip05: string, fetcher: Nip05Fetch = (url) => fetch(url)): Promise<string | null> {
  const parts = splitNip05(nip05);
  if (!parts) return Promise.resolve(null);
  const key = `${parts.name}@${parts.domain}`;
  const known = cache.get(key);
  if (known) return known;
  const url = `${nip05Scheme(parts.domain)}//${parts.domain}/.well-known/nostr.json?name=${encodeURIComponent(parts.name)}`;
  const pending = fetcher(url)
    .then(async (res) => {
      if (!res.ok) return null;
      const body = (await res.json()) as { names?: Record<string, unknown> } | null;
      const pubkey = body?.names?.[parts.name];
      return typeof pubkey === 'string' && /^[0-9a-f]{64}$/.test(pubkey) ? pubkey : null;
    })
    .catch(() => null);
  cache.set(key, pending);
  return pending;
}

/** True when `nip05` resolves to `pubkey`. */
export async function verifyNip05(nip05: string, pubkey: string, fetcher?: Nip05Fetch): Promise<boolean> {
  return (await resolveNip05(nip05, fetcher)) === pubkey;
}

/** Forgets cached answers (tests). */
export function clearNip05Cache(): void {
  cache.clear();
}
