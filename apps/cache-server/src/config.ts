import { dirname, join, resolve } from 'node:path';

/** Everything main.ts needs to start the service, from flags and environment. */
export interface ServerConfig {
  host: string;
  port: number;
  /** SQLite file (used when no databaseUrl). */
  sqlitePath: string;
  /** PostgreSQL URL (`--db postgres://...` or DATABASE_URL). */
  databaseUrl?: string;
  /** PostgreSQL schema the store lives in (`--pg-schema`, TIDE_PG_SCHEMA; default public). */
  pgSchema?: string;
  /**
   * PostgreSQL statement timeout of the serving connections in ms (`--pg-statement-timeout-ms`,
   * TIDE_PG_STATEMENT_TIMEOUT_MS; 0 = none; default the store's 10,000): see `store/create-db.ts`.
   */
  pgStatementTimeoutMs?: number;
  /** Data directory (SQLite file's folder, or ./data): holds `media/`. */
  dataDir: string;
  webRoot?: string;
  upstream: string[];
  seed: boolean;
  /** Events the demo network generator writes (seed helper's `scale`). */
  scale?: number;
  /** Public origin used in seeded URLs (default http://host:port). */
  publicUrl?: string;
  /** `host:port` of the lightning sandbox the seeded lud16 addresses name (TIDE_LIGHTNING_HOST; seed default localhost:8090). */
  lightningHost?: string;
  /** NWC connection string of the operator's wallet the membership service invoices through (`--membership-nwc`, TIDE_MEMBERSHIP_NWC). */
  membershipNwc?: string;
  /** USD per BTC the membership service prices in and answers `membership_exchange_rate` with (`--btc-usd`, TIDE_BTC_USD; default 100,000). */
  btcUsd?: number;
  logLevel: string;
  /** `--help` / `-h`: print the usage and exit. */
  help?: boolean;
  /** Answer cache lifetime in ms (`--response-cache-ms`, TIDE_RESPONSE_CACHE_MS; 0 = off; default the server's). */
  responseCacheMs?: number;
  /**
   * How long an answer is reused while the store is unchanged, in ms (`--response-cache-max-age-ms`,
   * TIDE_RESPONSE_CACHE_MAX_AGE_MS; default the server's 30,000; at most the lifetime above = reuse only within it).
   */
  responseCacheMaxAgeMs?: number;
  /** Worker threads serving cached read commands (`--read-workers`, TIDE_READ_WORKERS; SQLite or PostgreSQL; default 0). */
  readWorkers?: number;
  /**
   * Fill the read cache in the background after a start with the keys it held at the last stop (`--warm-start 0|1`,
   * TIDE_WARM_START; unset: on with PostgreSQL, whose misses cost several ms each, off with SQLite's ~1 ms ones):
   * see `read-cache/warm-start.ts`.
   */
  warmStart?: boolean;
}

/** Thrown for bad flags; main prints the message and the usage. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Command-line usage. */
export const USAGE = `usage: tsx apps/cache-server/src/main.ts [--host 127.0.0.1] [--port 8787] [--db path|postgres://...]
  [--web apps/web/dist] [--upstream wss://relay]... [--seed] [--scale n] [--public-url http://host:port]
  [--membership-nwc nostr+walletconnect://...] [--btc-usd 100000]
  [--response-cache-ms 1000] [--response-cache-max-age-ms 30000] [--read-workers 0] [--pg-schema public]
  [--warm-start 1] [--pg-statement-timeout-ms 10000] [--help]
  --btc-usd: USD per BTC that membership prices are quoted at and membership_exchange_rate answers (default 100000)
env: HOST, PORT, DATABASE_URL, TIDE_PG_SCHEMA, TIDE_PG_STATEMENT_TIMEOUT_MS, TIDE_DB, TIDE_WEB, TIDE_UPSTREAM (comma-separated), TIDE_PUBLIC_URL, TIDE_LIGHTNING_HOST,
  TIDE_MEMBERSHIP_NWC, TIDE_BTC_USD, TIDE_RESPONSE_CACHE_MS, TIDE_RESPONSE_CACHE_MAX_AGE_MS, TIDE_READ_WORKERS, TIDE_WARM_START, LOG_LEVEL`;

function portOf(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`invalid port: ${value}`);
  return port;
}

function millisOf(value: string): number {
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 0) throw new ConfigError(`invalid milliseconds: ${value}`);
  return ms;
}

function countOf(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 64) throw new ConfigError(`invalid worker count: ${value}`);
  return n;
}

function switchOf(value: string): boolean {
  if (value !== '0' && value !== '1') throw new ConfigError(`invalid switch (0 or 1): ${value}`);
  return value === '1';
}

function rateOf(value: string): number {
  const rate = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || !(rate > 0) || rate > 1e9)
    throw new ConfigError(`invalid USD per BTC rate: ${value}`);
  return rate;
}

function schemaOf(value: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(value)) throw new ConfigError(`invalid PostgreSQL schema name: ${value}`);
  return value;
}

function wsUrl(value: string): string {
  if (!/^wss?:\/\/[^\s]+$/.test(value)) throw new ConfigError(`invalid upstream relay url: ${value}`);
  return value;
}

/** Parses flags (`--name value` or `--name=value`) over environment defaults. */
export function parseConfig(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): ServerConfig {
  let db = env.DATABASE_URL ?? env.TIDE_DB ?? './data/tide.db';
  const config: ServerConfig = {
    host: env.HOST ?? '127.0.0.1',
    port: env.PORT ? portOf(env.PORT) : 8787,
    sqlitePath: '',
    dataDir: '',
    webRoot: env.TIDE_WEB || undefined,
    upstream: (env.TIDE_UPSTREAM ?? '').split(',').filter(Boolean).map(wsUrl),
    seed: false,
    publicUrl: env.TIDE_PUBLIC_URL || undefined,
    lightningHost: env.TIDE_LIGHTNING_HOST || undefined,
    membershipNwc: env.TIDE_MEMBERSHIP_NWC || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
  };
  if (env.TIDE_BTC_USD) config.btcUsd = rateOf(env.TIDE_BTC_USD);
  if (env.TIDE_WARM_START) config.warmStart = switchOf(env.TIDE_WARM_START);
  if (env.TIDE_RESPONSE_CACHE_MS) config.responseCacheMs = millisOf(env.TIDE_RESPONSE_CACHE_MS);
  if (env.TIDE_RESPONSE_CACHE_MAX_AGE_MS) {
    config.responseCacheMaxAgeMs = millisOf(env.TIDE_RESPONSE_CACHE_MAX_AGE_MS);
  }
  if (env.TIDE_READ_WORKERS) config.readWorkers = countOf(env.TIDE_READ_WORKERS);
  if (env.TIDE_PG_SCHEMA) config.pgSchema = schemaOf(env.TIDE_PG_SCHEMA);
  if (env.TIDE_PG_STATEMENT_TIMEOUT_MS) config.pgStatementTimeoutMs = millisOf(env.TIDE_PG_STATEMENT_TIMEOUT_MS);
  const args = [...argv];
  while (args.length > 0) {
    const arg = args.shift() as string;
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    const inline = eq > 0 ? arg.slice(eq + 1) : undefined;
    const value = (): string => {
      const v = inline ?? args.shift();
      if (v === undefined || v === '') throw new ConfigError(`${name} needs a value`);
      return v;
    };
    switch (name) {
      case '--host':
        config.host = value();
        break;
      case '--port':
        config.port = portOf(value());
        break;
      case '--db':
        db = value();
        break;
      case '--web':
        config.webRoot = value();
        break;
      case '--upstream':
        config.upstream.push(wsUrl(value()));
        break;
      case '--seed':
        config.seed = true;
        break;
      case '--scale': {
        const scale = Number(value());
        if (!Number.isInteger(scale) || scale <= 0) throw new ConfigError('--scale needs a positive integer');
        config.scale = scale;
        break;
      }
      case '--public-url':
        config.publicUrl = value();
        break;
      case '--membership-nwc':
        config.membershipNwc = value();
        if (!config.membershipNwc.startsWith('nostr+walletconnect://')) {
          throw new ConfigError('--membership-nwc needs a nostr+walletconnect:// connection string');
        }
        break;
      case '--help':
      case '-h':
        config.help = true;
        break;
      case '--btc-usd':
        config.btcUsd = rateOf(value());
        break;
      case '--response-cache-ms':
        config.responseCacheMs = millisOf(value());
        break;
      case '--response-cache-max-age-ms':
        config.responseCacheMaxAgeMs = millisOf(value());
        break;
      case '--read-workers':
        config.readWorkers = countOf(value());
        break;
      case '--warm-start':
        config.warmStart = switchOf(value());
        break;
      case '--pg-schema':
        config.pgSchema = schemaOf(value());
        break;
      case '--pg-statement-timeout-ms':
        config.pgStatementTimeoutMs = millisOf(value());
        break;
      default:
        throw new ConfigError(`unknown option: ${arg}`);
    }
  }
  if (/^postgres(ql)?:\/\//.test(db)) {
    config.databaseUrl = db;
    config.dataDir = resolve('./data');
  } else {
    config.sqlitePath = db;
    config.dataDir = db === ':memory:' ? resolve('./data') : resolve(dirname(db));
  }
  return config;
}

/** Where seeded media files live for a config. */
export function mediaDirOf(config: ServerConfig): string {
  return join(config.dataDir, 'media');
}
