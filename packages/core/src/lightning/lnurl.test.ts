import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBolt11 } from './bolt11-encode.ts';
import {
  decodeLnurl,
  encodeLnurl,
  fetchLnurlPay,
  lightningAddressUrl,
  lnurlPayUrl,
  requestLnurlInvoice,
} from './lnurl.ts';
import { startTestServer, type TestServer } from './test-http-server.ts';

const NOSTR_PUBKEY = 'f'.repeat(64);
const KEY = 'e126f68f7eafcc8b74f54d269fe206be715000f94dac067d1c04a8ca3b2db734';

describe('LNURL addresses', () => {
  it('maps name@domain to the well-known lnurlp path over https', () => {
    expect(lightningAddressUrl('Alice@Example.com')).toBe('https://example.com/.well-known/lnurlp/alice');
    expect(lightningAddressUrl('bob@127.0.0.1:8080')).toBe('http://127.0.0.1:8080/.well-known/lnurlp/bob');
    expect(() => lightningAddressUrl('not an address')).toThrow('Invalid lightning address');
  });
  it('round-trips bech32 lnurl (LUD-06) and prefers lud16', () => {
    const url = 'https://service.com/api?q=3fc3645b439ce8e7';
    const lnurl = encodeLnurl(url);
    expect(lnurl.startsWith('lnurl1')).toBe(true);
    expect(decodeLnurl(lnurl.toUpperCase())).toBe(url);
    expect(decodeLnurl(`lightning:${lnurl}`)).toBe(url);
    expect(lnurlPayUrl({ lud06: lnurl })).toBe(url);
    expect(lnurlPayUrl({ lud16: 'a@b.com', lud06: lnurl })).toBe('https://b.com/.well-known/lnurlp/a');
    expect(() => lnurlPayUrl({})).toThrow('No lightning address');
    expect(() => decodeLnurl('lnurl1invalid')).toThrow('Invalid lnurl');
  });
});

describe('LNURL-pay against a real HTTP server', { timeout: 30_000 }, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer((req, origin) => {
      const url = new URL(req.url, origin);
      if (url.pathname === '/.well-known/lnurlp/alice') {
        return {
          json: {
            tag: 'payRequest',
            callback: `${origin}/cb/alice`,
            minSendable: 1000,
            maxSendable: 100_000_000,
            metadata: '[["text/plain","alice"]]',
            allowsNostr: true,
            nostrPubkey: NOSTR_PUBKEY,
          },
        };
      }
      if (url.pathname === '/.well-known/lnurlp/plain') {
        return { json: { tag: 'payRequest', callback: `${origin}/cb`, minSendable: 1, maxSendable: 5 } };
      }
      if (url.pathname === '/.well-known/lnurlp/broken')
        return { status: 404, json: { status: 'ERROR', reason: 'no such user' } };
      if (url.pathname === '/.well-known/lnurlp/garbage') return { text: '<html>' };
      if (url.pathname === '/cb/alice') {
        const amount = Number(url.searchParams.get('amount'));
        const lie = url.searchParams.get('comment') === 'lie';
        const pr = encodeBolt11({
          network: 'bc',
          amountMsat: lie ? amount + 1000 : amount,
          paymentHash: '00'.repeat(32),
          description: 'x',
          timestamp: 1_700_000_000,
          privateKey: KEY,
        });
        return { json: { pr, routes: [] } };
      }
      return { status: 404, json: {} };
    });
  });
  afterAll(() => server.close());

  it('reads allowsNostr, nostrPubkey, callback and limits', async () => {
    const ep = await fetchLnurlPay({ lud16: `alice@127.0.0.1:${server.port}` });
    expect(ep).toMatchObject({
      url: `${server.origin}/.well-known/lnurlp/alice`,
      callback: `${server.origin}/cb/alice`,
      minSendable: 1000,
      maxSendable: 100_000_000,
      allowsNostr: true,
      nostrPubkey: NOSTR_PUBKEY,
    });
    expect(decodeLnurl(ep.lnurl)).toBe(ep.url);
    expect(server.requests.at(-1)?.headers.accept).toBe('application/json');
  });

  it('reads a lud06 profile and treats a missing nostrPubkey as not zappable', async () => {
    const ep = await fetchLnurlPay({ lud06: encodeLnurl(`${server.origin}/.well-known/lnurlp/plain`) });
    expect(ep.allowsNostr).toBe(false);
    expect(ep.nostrPubkey).toBeUndefined();
  });

  it('surfaces LNURL errors and invalid JSON clearly', async () => {
    await expect(fetchLnurlPay({ lud16: `broken@127.0.0.1:${server.port}` })).rejects.toThrow('no such user');
    await expect(fetchLnurlPay({ lud16: `garbage@127.0.0.1:${server.port}` })).rejects.toThrow(
      'LNURL endpoint returned invalid JSON',
    );
  });

  it('requests an invoice with the zap request and checks its amount', async () => {
    const ep = await fetchLnurlPay({ lud16: `alice@127.0.0.1:${server.port}` });
    const zapRequest = { kind: 9734, tags: [['p', NOSTR_PUBKEY]] };
    const pr = await requestLnurlInvoice(ep, { amountMsat: 21_000, zapRequest });
    expect(pr.startsWith('lnbc210n1')).toBe(true);
    const seen = new URL(server.requests.at(-1)!.url, server.origin);
    expect(seen.searchParams.get('amount')).toBe('21000');
    expect(JSON.parse(seen.searchParams.get('nostr')!)).toEqual(zapRequest);
    expect(seen.searchParams.get('lnurl')).toBe(ep.lnurl);
    await expect(requestLnurlInvoice(ep, { amountMsat: 21_000, comment: 'lie' })).rejects.toThrow(
      'Invoice amount does not match the requested amount',
    );
    await expect(requestLnurlInvoice(ep, { amountMsat: 10 })).rejects.toThrow(
      'Amount must be between 1000 and 100000000 msats',
    );
  });
});
