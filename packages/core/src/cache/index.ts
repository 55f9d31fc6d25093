// @tide/core/cache: the caching-service client, the wallet (membership) socket and typed commands.
export * from './app-id.ts';
export * from './cache-client.ts';
export * from './cache-errors.ts';
export * from './cache-options.ts';
export * from './commands/index.ts';
export * from './frame.ts';
export * from './socket-types.ts';
export * from './wallet-client.ts';
