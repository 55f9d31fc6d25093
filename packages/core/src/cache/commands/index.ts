// Typed functions for every caching-service command of spec §7, grouped by area.
export * from './command-helpers.ts';
export * from './content.ts';
export * from './content-more.ts';
export * from './explore.ts';
export * from './feed-specs.ts';
export * from './live.ts';
export * from './membership.ts';
export * from './messages.ts';
export * from './notifications.ts';
export * from './people.ts';
export * from './reactions.ts';
export * from './upload.ts';
