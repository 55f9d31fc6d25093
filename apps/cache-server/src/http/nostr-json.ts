import { isActive, memberByName } from '../membership/index.ts';
import type { Store } from '../store/index.ts';
import { type HttpRoute, sendJson } from './router.ts';

const NAME = /^[a-z0-9._-]{1,64}$/;

/**
 * `GET /.well-known/nostr.json?name=<name>` (NIP-05) for the names this server hosts: users whose profile nip05 is
 * `<name>@<this host>` (Host header, with or without port), active members' names, and the verified_users table.
 */
export function nostrJsonRoute(store: Store, relayUrlFor: (host: string) => string): HttpRoute {
  return async (req, res, url) => {
    if (url.pathname !== '/.well-known/nostr.json' || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    const name = (url.searchParams.get('name') ?? '').toLowerCase();
    if (!NAME.test(name)) {
      sendJson(res, 200, { names: {} });
      return true;
    }
    const host = String(req.headers.host ?? '').toLowerCase();
    const hostname = host.replace(/:\d+$/, '');
    const candidates = [...new Set([`${name}@${host}`, `${name}@${hostname}`])];
    if (name === '_') candidates.push(host, hostname);
    const users = await store.db
      .selectFrom('search_users')
      .select('pubkey')
      .where((eb) => eb.fn('lower', ['nip05']), 'in', candidates)
      .limit(1)
      .execute();
    let pubkey: string | undefined = users[0]?.pubkey;
    if (!pubkey) {
      // a member's verified name `name@<this host>` (while premium is active; legends for good)
      const member = await memberByName(store, name);
      if (member && isActive(member, Math.floor(Date.now() / 1000))) pubkey = member.pubkey;
    }
    if (!pubkey) {
      const verified = await store.db
        .selectFrom('verified_users')
        .select('pubkey')
        .where('name', '=', name)
        .executeTakeFirst();
      pubkey = verified?.pubkey;
    }
    if (!pubkey) {
      sendJson(res, 200, { names: {} });
      return true;
    }
    sendJson(res, 200, { names: { [name]: pubkey }, relays: { [pubkey]: [relayUrlFor(host)] } });
    return true;
  };
}
