/** The e2e lightning sandbox (apps/sandbox, started by the config's webServer): wallets, NWC strings, WebLN, tokens. */

/** One demo wallet as the sandbox lists it. */
export interface SandboxWallet {
  name: string;
  pubkey: string;
  lightningAddress: string;
  nwcUri: string;
  balanceSats: number;
}

/** The sandbox's HTTP origin. */
export function sandboxUrl(): string {
  const port = process.env.TIDE_E2E_SANDBOX_PORT;
  if (!port) throw new Error('TIDE_E2E_SANDBOX_PORT is not set: run through e2e/playwright.config.ts');
  return `http://127.0.0.1:${port}`;
}

async function json<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${sandboxUrl()}${path}`, {
    ...(body === undefined
      ? {}
      : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`sandbox ${path}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A demo wallet (tide, alice, bob, carol) with its NWC connection string and current balance. */
export async function sandboxWallet(name: string): Promise<SandboxWallet> {
  const { accounts } = await json<{ accounts: SandboxWallet[] }>('/sandbox/accounts');
  const wallet = accounts.find((a) => a.name === name);
  if (!wallet) throw new Error(`no sandbox wallet ${name}`);
  return wallet;
}

/** Balance of a sandbox account in sats. */
export async function sandboxBalance(name: string): Promise<number> {
  return (await json<{ balanceSats: number }>(`/ledger/${name}`)).balanceSats;
}

/** Sets a sandbox account's balance (e.g. 0 for the empty-wallet case). */
export async function setSandboxBalance(name: string, sats: number): Promise<void> {
  await json(`/ledger/${name}/balance`, { sats });
}

/** A fresh invoice payable to `name` (bolt11). */
export async function sandboxInvoice(name: string, amountSats: number, description = ''): Promise<string> {
  return (await json<{ invoice: string }>(`/ledger/${name}/invoice`, { amountSats, description })).invoice;
}

/** A fresh cashuA token of `amount` sats from the sandbox mint. */
export async function sandboxToken(amount: number, memo?: string): Promise<string> {
  return (await json<{ token: string }>('/sandbox/token', { amount, ...(memo ? { memo } : {}) })).token;
}

/** Script for `page.addInitScript({ content })`: a `window.webln` paying from sandbox account `name`. */
export async function sandboxWeblnScript(name: string): Promise<string> {
  const res = await fetch(`${sandboxUrl()}/webln/${name}/provider.js`);
  if (!res.ok) throw new Error(`no WebLN provider for ${name}`);
  return res.text();
}
