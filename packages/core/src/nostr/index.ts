export * from './event.ts';
export * from './hash.ts';
export * from './kinds.ts';
export * from './lru-set.ts';
export * from './sign.ts';
export * from './validate.ts';
export * from './verify.ts';
