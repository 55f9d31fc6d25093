export * from './composer.ts';
export * from './embeds.ts';
export * from './media.ts';
export * from './patterns.ts';
export * from './token.ts';
export * from './tokenize.ts';
export * from './word-count.ts';
