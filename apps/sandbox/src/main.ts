// CLI: `tsx apps/sandbox/src/main.ts [--host 127.0.0.1] [--port 8090] [--relay ws://127.0.0.1:8787/] [--public-host localhost:8090]`
// Starts the sandbox, prints its wallets (lightning addresses, NWC strings) and "Sandbox is running" last.
import { startSandbox } from './sandbox.ts';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const sandbox = await startSandbox({
  host: arg('host') ?? '127.0.0.1',
  port: Number(arg('port') ?? process.env.SANDBOX_PORT ?? 8090),
  relayUrl: arg('relay') ?? process.env.SANDBOX_RELAY,
  publicHost: arg('public-host'),
  balanceSats: Number(arg('balance') ?? 100_000),
});
// No http:// URL here: `npm start` prints this block before "Tide is running", which must stay the first URL.
const where = sandbox.origin.replace(/^http:\/\//, '');
const lines = [`Demo wallets (lightning sandbox on ${where}, no real money; Cashu mint ${where}/mint):`];
for (const a of sandbox.accounts) {
  lines.push(`  ${a.name}: ${a.lightningAddress}, ${Math.floor(sandbox.ledger.balanceMsat(a.name) / 1000)} sats`);
  if (a.nwcUri) lines.push(`    Nostr Wallet Connect: ${a.nwcUri}`);
}
lines.push('Sandbox is running');
console.log(lines.join('\n'));
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    void sandbox.close().then(() => process.exit(0));
  });
}
