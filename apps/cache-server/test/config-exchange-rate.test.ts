import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateSecretKey, getPublicKey, signEvent } from '@tide/core/nostr';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, USAGE } from '../src/config.ts';
import { startServer } from '../src/server.ts';
import { RawSocket } from './raw-socket.ts';

const key = generateSecretKey();
const repo = fileURLToPath(new URL('../../../', import.meta.url));

/** A signed settings event asking for `params` (what the wallet socket's commands are authorised by). */
const signed = (params: unknown) =>
  signEvent(
    {
      kind: 30078,
      created_at: Math.floor(Date.now() / 1000),
      tags: [['p', getPublicKey(key)]],
      content: JSON.stringify(params),
    },
    key,
  );

/** The USD rate the membership service at `origin` answers (`membership_exchange_rate` as a wallet operation). */
async function rateAt(walletUrl: string): Promise<number> {
  const ws = await RawSocket.open(walletUrl);
  try {
    const [answer] = await ws.cacheObjects('wallet', {
      operation_event: signed(['exchange_rate', { target_currency: 'USD' }]),
    });
    return (JSON.parse(answer!.content) as { rate: number }).rate;
  } finally {
    await ws.close();
  }
}

describe('the membership exchange rate is an operator setting', () => {
  it('comes from --btc-usd or TIDE_BTC_USD (unset by default) and is listed in the usage', () => {
    expect(parseConfig([], {}).btcUsd).toBeUndefined();
    expect(parseConfig([], { TIDE_BTC_USD: '64000' }).btcUsd).toBe(64_000);
    expect(parseConfig(['--btc-usd', '91234.5'], { TIDE_BTC_USD: '64000' }).btcUsd).toBe(91_234.5);
    expect(parseConfig(['--btc-usd=50000'], {}).btcUsd).toBe(50_000);
    for (const bad of ['0', '-5', 'abc', '1e3', '']) {
      expect(() => parseConfig(['--btc-usd', bad], {})).toThrow(ConfigError);
    }
    expect(USAGE).toContain('--btc-usd');
    expect(USAGE).toContain('TIDE_BTC_USD');
    expect(parseConfig(['--help'], {}).help).toBe(true);
  });

  it('prices purchases and answers membership_exchange_rate with the configured rate (default 100 000)', async () => {
    const payments = {
      async makeInvoice(sats: number) {
        return { invoice: `lnbc${sats}test`, paymentHash: randomBytes(32).toString('hex') };
      },
      async settledAt() {
        return null;
      },
      close() {},
    };
    for (const [usdPerBtc, sats] of [
      [undefined, 21_000],
      [50_000, 42_000],
    ] as const) {
      const server = await startServer({
        sqlitePath: ':memory:',
        membership: { payments, ...(usdPerBtc ? { usdPerBtc } : {}) },
      });
      const walletUrl = server.url.replace(/\/v1$/, '/wallet/v1');
      try {
        expect(await rateAt(walletUrl)).toBe(usdPerBtc ?? 100_000);
        const ws = await RawSocket.open(walletUrl);
        const [quote] = await ws.cacheObjects('membership_purchase_product', {
          event_from_user: signed({ product_id: '3-months-premium', name: `rate${usdPerBtc ?? 0}` }),
        });
        await ws.close();
        // $21 for 3 months
        expect(JSON.parse(quote!.content)).toMatchObject({ amount_usd: '21.00', amount_btc: (sats / 1e8).toFixed(8) });
      } finally {
        await server.close();
      }
    }
  });

  it('main.ts passes --btc-usd to the membership service', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tide-rate-'));
    const child = spawn(
      join(repo, 'node_modules/.bin/tsx'),
      [join(repo, 'apps/cache-server/src/main.ts'), '--port', '0', '--db', join(dir, 'tide.db'), '--btc-usd', '64000'],
      { env: { ...process.env, LOG_LEVEL: 'silent' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      let out = '';
      const origin = await new Promise<string>((resolveUrl, reject) => {
        const timer = setTimeout(() => reject(new Error(`no start line: ${out}`)), 30_000);
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const m = out.match(/Tide is running: (http:\/\/[^/\s]+)\//);
          if (m) {
            clearTimeout(timer);
            resolveUrl(m[1]!);
          }
        });
      });
      expect(await rateAt(`${origin.replace(/^http/, 'ws')}/wallet/v1`)).toBe(64_000);
    } finally {
      if (child.exitCode === null && child.pid !== undefined) {
        await new Promise<void>((done) => {
          child.on('exit', () => done());
          child.kill('SIGTERM');
        });
      }
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
