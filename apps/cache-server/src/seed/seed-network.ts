import { ingestEvents } from '../ingest/index.ts';
import type { Store } from '../store/index.ts';
import { analyzeStore, checkpointWal } from '../store/pg-maintenance.ts';
import { DEFAULT_ACCOUNT_INFO, DEMO_ACCOUNTS, type DemoAccount } from './accounts.ts';
import { createSeedWorld, demoEventBatches, type GenerateOptions } from './generate.ts';

/** Options of seedDemoNetwork (see GenerateOptions); `onProgress` reports events ingested so far. */
export interface SeedOptions extends GenerateOptions {
  onProgress?: (ingested: number) => void;
}

/** What seeding did: the known accounts and the number of generated events per kind (empty when skipped). */
export interface SeedResult {
  /** The default (guest) account first, then the three demo accounts. */
  accounts: DemoAccount[];
  counts: Record<string, number>;
  /** Events generated, and how many ingest accepted. */
  total: number;
  accepted: number;
  rejected: { id: string; reason: string }[];
  /** True when the store already held the network and nothing was written. */
  skipped: boolean;
  signer: 'wasm' | 'noble' | 'none';
  millis: number;
}

/** True if the default account's profile is already stored (the network was seeded before). */
async function alreadySeeded(store: Store): Promise<boolean> {
  const row = await store.db
    .selectFrom('events')
    .select('id')
    .where('pubkey', '=', DEFAULT_ACCOUNT_INFO.pubkey)
    .where('kind', '=', 0)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Generates the deterministic demo network and writes it through the normal ingest path, batch by batch.
 * Idempotent: an already-seeded store is left alone.
 */
export async function seedDemoNetwork(store: Store, options: SeedOptions = {}): Promise<SeedResult> {
  const started = performance.now();
  const accounts = [DEFAULT_ACCOUNT_INFO, ...DEMO_ACCOUNTS];
  if (await alreadySeeded(store)) {
    return { accounts, counts: {}, total: 0, accepted: 0, rejected: [], skipped: true, signer: 'none', millis: 0 };
  }
  const world = await createSeedWorld(options);
  let total = 0;
  let accepted = 0;
  const rejected: { id: string; reason: string }[] = [];
  for (const batch of demoEventBatches(world, options)) {
    // One transaction per generated batch: seeding is bulk work (fewer, larger commits write far less WAL).
    const results = await ingestEvents(store, batch, { source: 'seed', batchSize: batch.length });
    total += batch.length;
    for (const r of results) {
      if (r.ok) accepted++;
      else if (rejected.length < 100) rejected.push({ id: r.id, reason: r.reason });
    }
    options.onProgress?.(total);
  }
  await analyzeStore(store); // PostgreSQL: plan with the seeded sizes, not those autovacuum last saw
  await checkpointWal(store); // SQLite: the seed's WAL goes into the database; the WAL file does not stay at its peak
  return {
    accounts,
    counts: world.counts,
    total,
    accepted,
    rejected,
    skipped: false,
    signer: world.signer.engine,
    millis: Math.round(performance.now() - started),
  };
}
