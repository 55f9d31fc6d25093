export * from './dates.ts';
export * from './keys.ts';
export * from './numbers.ts';
