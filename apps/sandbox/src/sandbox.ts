import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { createMintSigner } from '@tide/core/ecash';
import { getPublicKey, type NostrEvent } from '@tide/core/nostr';
import { demoTokenRoute, issueDemoToken } from './demo-token.ts';
import { listen } from './http.ts';
import { Ledger } from './ledger.ts';
import { lnurlRoutes } from './lnurl-routes.ts';
import { MintCore } from './mint-core.ts';
import { mintRoutes } from './mint-routes.ts';
import { NwcService } from './nwc-service.ts';
import { RelayClient } from './relay-client.ts';
import { walletRoutes } from './wallet-routes.ts';
import { weblnScript } from './webln-script.ts';

/** Key of a fixed label, as the caching service's seed derives it: sha256("tide-demo:<label>"). */
export function demoKey(label: string): Uint8Array {
  return sha256(new TextEncoder().encode(`tide-demo:${label}`));
}

/** The demo accounts the seed creates (name, key label). */
export const DEMO_WALLETS: ReadonlyArray<{ name: string; label: string }> = [
  { name: 'tide', label: 'default-account' },
  { name: 'alice', label: 'demo-alice' },
  { name: 'bob', label: 'demo-bob' },
  { name: 'carol', label: 'demo-carol' },
];

/** Options of {@link startSandbox}. */
export interface SandboxOptions {
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** The caching service's relay (ws://…/): NWC listens there and zap receipts go there. */
  relayUrl?: string;
  /** `host:port` of the lightning addresses (default: the bound address). */
  publicHost?: string;
  /** Opening balance of each demo account, sats (default 100 000). */
  balanceSats?: number;
}

/** One sandbox wallet: a demo account's lightning address and NWC connection string. */
export interface SandboxAccount {
  name: string;
  pubkey: string;
  lightningAddress: string;
  /** `nostr+walletconnect://…` (empty without a relay). */
  nwcUri: string;
}

/** A running sandbox. */
export interface Sandbox {
  origin: string;
  port: number;
  mintUrl: string;
  accounts: SandboxAccount[];
  ledger: Ledger;
  nwc: NwcService | undefined;
  /** Signed zap receipts published so far (newest last). */
  receipts: NostrEvent[];
  /** Pubkey that signs zap receipts (the LNURL servers' `nostrPubkey`). */
  zapperPubkey: string;
  /** A fresh demo cashuA token of `amount` sats from the sandbox mint. */
  issueToken(amount: number, memo?: string): Promise<string>;
  /** Source of the WebLN provider paying from account `name` (for page.addInitScript). */
  weblnScript(name: string): string;
  close(): Promise<void>;
}

/** Starts the lightning sandbox: ledger, LNURL-pay with zaps, NWC (with a relay), Cashu mint, WebLN endpoints. */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const host = options.host ?? '127.0.0.1';
  const ledger = new Ledger(demoKey('sandbox-node'));
  const balance = options.balanceSats ?? 100_000;
  const pubkeys = new Map(DEMO_WALLETS.map((w) => [w.name, getPublicKey(demoKey(w.label))]));
  for (const w of DEMO_WALLETS) ledger.open(w.name, balance);
  const zapperKey = demoKey('sandbox-zapper');
  const relay = options.relayUrl ? new RelayClient(options.relayUrl) : undefined;
  const receipts: NostrEvent[] = [];
  const core = new MintCore(ledger, await createMintSigner('tide sandbox mint'));
  let origin = '';
  let publicHost = options.publicHost ?? '';
  const routes = [
    lnurlRoutes({
      ledger,
      pubkeys,
      zapperKey,
      publicHost: () => publicHost,
      origin: () => origin,
      publish: async (receipt) => {
        receipts.push(receipt);
        return relay?.publish(receipt);
      },
    }),
    (req: { method: string; parts: string[] }) =>
      req.method === 'GET' && req.parts[0] === 'webln' && req.parts[2] === 'provider.js' && pubkeys.has(req.parts[1]!)
        ? { js: weblnScript(origin, req.parts[1]!) }
        : undefined,
    walletRoutes(ledger, () => [...pubkeys.keys()]),
    mintRoutes(core),
    demoTokenRoute(core, () => `${origin}/mint`),
    (req: { method: string; parts: string[] }) =>
      req.method === 'GET' && req.parts.join('/') === 'sandbox/accounts'
        ? { json: { origin, mintUrl: `${origin}/mint`, accounts: sandbox?.accounts.map(withBalance) ?? [] } }
        : undefined,
  ];
  let sandbox: Sandbox | undefined;
  const withBalance = (a: SandboxAccount) => ({ ...a, balanceSats: Math.floor(ledger.balanceMsat(a.name) / 1000) });
  const { server, port } = await listen(routes, host, options.port ?? 0);
  origin = `http://${host}:${port}`;
  publicHost ||= `${host}:${port}`;
  let nwc: NwcService | undefined;
  const nwcUris = new Map<string, string>();
  if (relay && options.relayUrl) {
    nwc = new NwcService(ledger, demoKey('sandbox-nwc'), options.relayUrl);
    for (const w of DEMO_WALLETS)
      nwcUris.set(w.name, nwc.addClient(w.name, bytesToHex(demoKey(`sandbox-nwc-${w.name}`))));
    void nwc.start(relay);
  }
  sandbox = {
    origin,
    port,
    mintUrl: `${origin}/mint`,
    accounts: DEMO_WALLETS.map((w) => ({
      name: w.name,
      pubkey: pubkeys.get(w.name)!,
      lightningAddress: `${w.name}@${publicHost}`,
      nwcUri: nwcUris.get(w.name) ?? '',
    })),
    ledger,
    nwc,
    receipts,
    zapperPubkey: getPublicKey(zapperKey),
    issueToken: (amount, memo) => issueDemoToken(core, `${origin}/mint`, amount, memo),
    weblnScript: (name) => weblnScript(origin, name),
    close: async () => {
      nwc?.stop();
      relay?.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return sandbox;
}
