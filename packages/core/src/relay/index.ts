// @tide/core/relay: NIP-01 relay connections and pool (NIP-42 auth, NIP-45 count), publishing with outcomes.
export * from './publish.ts';
export * from './relay-auth.ts';
export * from './relay-connection.ts';
export * from './relay-info.ts';
export * from './relay-pool.ts';
export * from './relay-types.ts';
