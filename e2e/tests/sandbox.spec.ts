import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../support/accounts.ts';
import { queryRelay } from '../support/relay.ts';
import { sandboxBalance, sandboxInvoice, sandboxUrl, sandboxWallet, sandboxWeblnScript } from '../support/sandbox.ts';
import { relayUrlOf, serverUrl } from '../support/server.ts';

// The harness's lightning sandbox: the seeded demo profiles' lightning addresses point at it, the browser reaches its
// LNURL endpoint (CORS), and the injected WebLN provider pays through its ledger.

test('seeded lud16 addresses are served by the harness sandbox, and its WebLN provider pays from the page', async ({
  page,
}) => {
  const bob = DEMO_ACCOUNTS.find((a) => a.name === 'bob')!;
  const [profile] = await queryRelay(relayUrlOf(serverUrl()), { kinds: [0], authors: [bob.pubkey], limit: 1 });
  const lud16 = JSON.parse(profile!.content).lud16 as string;
  expect(lud16).toBe(`bob@${new URL(sandboxUrl()).host}`);
  expect((await sandboxWallet('alice')).nwcUri).toMatch(/^nostr\+walletconnect:\/\//);

  await page.addInitScript({ content: await sandboxWeblnScript('alice') });
  await page.goto('/home');
  const pay = await page.evaluate(async (address) => {
    const [name, host] = address.split('@');
    const res = await fetch(`http://${host}/.well-known/lnurlp/${name}`);
    return (await res.json()) as { tag: string; allowsNostr: boolean };
  }, lud16);
  expect(pay).toMatchObject({ tag: 'payRequest', allowsNostr: true });

  const before = await sandboxBalance('bob');
  const invoice = await sandboxInvoice('bob', 321, 'e2e webln');
  const preimage = await page.evaluate(async (pr) => {
    const webln = (
      window as unknown as {
        webln: { enable(): Promise<void>; sendPayment(pr: string): Promise<{ preimage: string }> };
      }
    ).webln;
    await webln.enable();
    return (await webln.sendPayment(pr)).preimage;
  }, invoice);
  expect(preimage).toMatch(/^[0-9a-f]{64}$/);
  expect(await sandboxBalance('bob')).toBe(before + 321);
});
