export * from './gift-wrap.ts';
