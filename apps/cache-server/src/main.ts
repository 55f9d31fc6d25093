import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { npubEncode, nsecEncode } from '@tide/core/nostr';
import pino from 'pino';
import { ConfigError, mediaDirOf, parseConfig, USAGE } from './config.ts';
import { nwcPayments } from './membership/index.ts';
import { seedDemoNetwork } from './seed/index.ts';
import { startServer } from './server.ts';
import { writeSqlProfile } from './store/sql-profile.ts';

/**
 * CLI entry: parse config, start the server (answering "seeding" while the demo network is written, when --seed),
 * seed, then serve and print "Tide is running" last; stop cleanly on SIGTERM/SIGINT.
 */
async function main(): Promise<void> {
  let config: ReturnType<typeof parseConfig>;
  try {
    config = parseConfig(process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(`${err.message}\n${USAGE}`);
    process.exit(2);
  }
  if (config.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const logger = pino({ level: config.logLevel });
  const mediaRoot = mediaDirOf(config);
  mkdirSync(mediaRoot, { recursive: true });
  const server = await startServer({
    host: config.host,
    port: config.port,
    ...(config.databaseUrl
      ? {
          databaseUrl: config.databaseUrl,
          ...(config.pgSchema ? { pgSchema: config.pgSchema } : {}),
          ...(config.pgStatementTimeoutMs === undefined ? {} : { pgStatementTimeoutMs: config.pgStatementTimeoutMs }),
        }
      : { sqlitePath: config.sqlitePath }),
    webRoot: config.webRoot,
    mediaRoot,
    blobRoot: join(config.dataDir, 'blobs'),
    publicUrl: config.publicUrl,
    upstream: config.upstream,
    logger,
    seeding: config.seed,
    limits: {
      ...(config.responseCacheMs === undefined ? {} : { responseCacheMs: config.responseCacheMs }),
      ...(config.responseCacheMaxAgeMs === undefined ? {} : { responseCacheMaxAgeMs: config.responseCacheMaxAgeMs }),
    },
    readWorkers: config.readWorkers,
    membership: {
      ...(config.membershipNwc ? { payments: nwcPayments(config.membershipNwc) } : {}),
      ...(config.btcUsd === undefined ? {} : { usdPerBtc: config.btcUsd }),
    },
    warmStart: config.warmStart ?? config.databaseUrl !== undefined,
  });
  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    await server.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  // serving figures on demand (the load bench reads them): one line `stats {...}` per SIGUSR2
  process.on('SIGUSR2', () => {
    writeSqlProfile(); // with TIDE_SQL_PROFILE: the sums so far, before the line that tells the bench they are there
    console.log(`stats ${JSON.stringify(server.stats())}`);
  });

  if (config.seed) {
    // No URL on this line: scripts take the first URL printed as ready, which must be the "Tide is running" one.
    console.log(
      'Preparing the demo network (seeding it on a first start takes a minute or two; the server answers "seeding" meanwhile)',
    );
    const publicUrl = config.publicUrl ?? server.httpUrl;
    const result = await seedDemoNetwork(server.store, {
      scale: config.scale,
      publicUrl,
      dataDir: config.dataDir,
      lightningHost: config.lightningHost,
    });
    if (!result.skipped) logger.info({ events: result.total, accepted: result.accepted, ms: result.millis }, 'seeded');
    // The demo accounts are generated, public demo data: printing their keys is how people log in to the demo.
    console.log('\nDemo accounts (demo data only):');
    for (const a of result.accounts) {
      console.log(`  ${a.displayName.padEnd(12)} ${npubEncode(a.pubkey)}  ${nsecEncode(a.secretKeyHex)}`);
    }
  }
  await server.ready();
  console.log(`\nTide is running: ${server.httpUrl}/  (caching service ${server.url}, relay ${server.relayUrl})`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
