export { type CacheRow, readCacheRow, writeCacheRow } from './cache-rows.ts';
export { type CreatedDb, createDb, type DbConfig, type StoreDialect } from './create-db.ts';
export { migrateToLatest, storeMigrations } from './migrations.ts';
export { type OpenStoreOptions, openStore, type Store } from './open-store.ts';
export { pgArrayLiteral } from './pg-array-literal.ts';
export type * from './schema.ts';
