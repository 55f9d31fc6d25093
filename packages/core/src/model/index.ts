// @tide/core/model: parsers from the caching service's answers to Tide's entities, and the page assembler.
export * from './article.ts';
export * from './assemble-page.ts';
export * from './bech32.ts';
export * from './feeds.ts';
export * from './json.ts';
export * from './logger.ts';
export * from './media.ts';
export * from './note.ts';
export * from './note-extras.ts';
export * from './notification.ts';
export * from './page.ts';
export * from './paging.ts';
export * from './people.ts';
export * from './thread.ts';
export * from './user.ts';
export * from './zap.ts';
