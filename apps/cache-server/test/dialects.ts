import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, afterEach, beforeAll, beforeEach, describe } from 'vitest';
import { type OpenStoreOptions, openStore, type Store, type StoreDialect } from '../src/store/index.ts';

/** Dialects a suite runs on: SQLite always, PostgreSQL when TIDE_TEST_DATABASE_URL is set. */
export function testDialects(): StoreDialect[] {
  return process.env.TIDE_TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

let counter = 0;

/** A unique name for a test database/schema (safe as a PostgreSQL identifier). */
export function uniqueName(prefix: string): string {
  counter += 1;
  const rand = Math.random().toString(36).slice(2, 8);
  return `${prefix}_${process.pid}_${Date.now().toString(36)}_${counter}_${rand}`
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_');
}

/** Where a fresh store for a test lives, and how to clean it up afterwards. */
export interface TestStoreLocation {
  options: OpenStoreOptions;
  cleanup(): Promise<void>;
}

/** A fresh, empty location: a temp SQLite file, or a new schema in the test PostgreSQL database. */
export function freshLocation(dialect: StoreDialect, label = 't'): TestStoreLocation {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'tide-store-'));
    return {
      options: { sqlitePath: join(dir, 'tide.db') },
      cleanup: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const url = process.env.TIDE_TEST_DATABASE_URL;
  if (!url) throw new Error('TIDE_TEST_DATABASE_URL is not set');
  const schema = uniqueName(`tide_${label}`).slice(0, 63);
  return {
    options: { databaseUrl: url, pgSchema: schema, pgMax: 4 },
    cleanup: async () => {
      const admin = postgres(url, { max: 1, onnotice: () => {} });
      try {
        await admin.unsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      } finally {
        await admin.end();
      }
    },
  };
}

/** Opens a fresh migrated store on a dialect; `close()` also removes its file or schema. */
export async function openTestStore(dialect: StoreDialect, label = 't'): Promise<Store> {
  const loc = freshLocation(dialect, label);
  const store = await openStore(loc.options);
  const close = store.close;
  return {
    ...store,
    close: async () => {
      await close();
      await loc.cleanup();
    },
  };
}

/** Options of describeDialects. */
export interface DescribeDialectsOptions {
  /** Open a new empty store before each test (default false: one store per describe block). */
  freshPerTest?: boolean;
}

/**
 * Runs `suite` once per dialect inside `describe('<name> [<dialect>]')`. `getStore()` returns the current store:
 * one per describe block (opened in beforeAll), or a new one per test with `{freshPerTest: true}`; each is closed
 * and its file or schema removed afterwards.
 */
export function describeDialects(
  name: string,
  suite: (getStore: () => Store, dialect: StoreDialect) => void,
  opts: DescribeDialectsOptions = {},
): void {
  const label = name.replace(/[^a-z0-9]/gi, '').slice(0, 12);
  const [before, after] = opts.freshPerTest ? [beforeEach, afterEach] : [beforeAll, afterAll];
  for (const dialect of testDialects()) {
    describe(`${name} [${dialect}]`, () => {
      let store: Store | undefined;
      before(async () => {
        store = await openTestStore(dialect, label);
      });
      after(async () => {
        await store?.close();
        store = undefined;
      });
      suite(() => {
        if (!store) throw new Error('store not opened yet');
        return store;
      }, dialect);
    });
  }
}
