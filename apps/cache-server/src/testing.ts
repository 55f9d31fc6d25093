/**
 * `@tide/cache-server/testing`: a real caching service for other workspaces' tests, without reaching into the
 * server's folders. Start one on a free loopback port over a scratch SQLite file with
 * `startServer({ sqlitePath })`, store signed events with `ingestEvents(server.store, events, { source: 'test' })`
 * (then `server.notifier.eventsAccepted(events)` so live pushes and the answer cache learn of them), `close()` it.
 */
export { ingestEvents } from './ingest/index.ts';
export { type MembershipPayments, nwcPayments } from './membership/index.ts';
export { type RunningServer, startServer } from './server.ts';
