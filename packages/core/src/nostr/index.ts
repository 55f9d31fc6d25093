export * from './event.ts';
export * from './kinds.ts';
