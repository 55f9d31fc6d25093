export * from './dates.ts';
export * from './keys.ts';
export * from './numbers.ts';
export * from './safe-url.ts';
