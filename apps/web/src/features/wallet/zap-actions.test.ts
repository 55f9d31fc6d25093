// @vitest-environment node
// (node's fetch: the loopback LNURL test server sends no CORS headers, which a DOM fetch would refuse)
import { encodeBolt11, validateZapRequest, zapDescriptionHash } from '@tide/core/lightning';
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../../../../packages/core/src/lightning/test-http-server.ts';
import { createTranslator } from '../../i18n/intl.tsx';
import { stores } from '../../state/stores.ts';
import { zapOverlay } from '../note/zap-overlay.ts';

// The publisher is replaced by a local key (unit test); LNURL is a real loopback HTTP server.
const userKey = generateSecretKey();
let signDelay = 0;
vi.mock('../publish/index.ts', () => ({
  signEvent: async (t: Parameters<typeof finalizeEvent>[0]) => {
    const signed = finalizeEvent(t, userKey);
    // A slow signer: the clock has moved on by signDelay seconds when the signature comes back.
    if (signDelay) vi.setSystemTime(Date.now() + signDelay * 1000);
    return signed;
  },
  getUserRelays: async () => ({ relays: [], declared: false, createdAt: 0 }),
  getProductRelay: async () => 'ws://127.0.0.1:1/',
}));

const { zap } = await import('./zap-actions.ts');
const { walletStore } = await import('./wallet-store.ts');

const NODE_KEY = 'e126f68f7eafcc8b74f54d269fe206be715000f94dac067d1c04a8ca3b2db734';
const t = createTranslator('en');
const recipient = getPublicKey(generateSecretKey());
let server: TestServer;
const paid: string[] = [];

function setWebLN(pay: (invoice: string) => Promise<{ preimage: string }>) {
  (globalThis as { webln?: unknown }).webln = {
    enable: async () => {},
    sendPayment: async (invoice: string) => {
      const r = await pay(invoice);
      paid.push(invoice);
      return r;
    },
  };
}

const lastToast = () => stores.toasts.getState().toasts.at(-1);

beforeAll(async () => {
  server = await startTestServer((req, origin) => {
    const url = new URL(req.url, origin);
    if (url.pathname === '/.well-known/lnurlp/bob') {
      return {
        json: {
          tag: 'payRequest',
          callback: `${origin}/cb`,
          minSendable: 1000,
          maxSendable: 1e9,
          allowsNostr: true,
          nostrPubkey: getPublicKey(generateSecretKey()),
        },
      };
    }
    if (url.pathname === '/.well-known/lnurlp/plain') {
      return { json: { tag: 'payRequest', callback: `${origin}/cb`, minSendable: 1000, maxSendable: 1e9 } };
    }
    if (url.pathname === '/cb') {
      const nostr = url.searchParams.get('nostr') ?? '';
      const amount = Number(url.searchParams.get('amount'));
      validateZapRequest(nostr, { amountMsat: amount });
      const pr = encodeBolt11({
        network: 'bc',
        amountMsat: amount,
        paymentHash: '0b'.repeat(32),
        descriptionHash: zapDescriptionHash(nostr),
        timestamp: Math.floor(Date.now() / 1000),
        privateKey: NODE_KEY,
      });
      return { json: { pr } };
    }
    return { status: 404, json: {} };
  });
}, 30_000);
afterAll(() => server.close());

beforeEach(() => {
  paid.length = 0;
  stores.session.getState().setAccount({ publicKey: getPublicKey(userKey), canSign: true });
  walletStore.getState().set([], null);
});

const target = (lud16: string) => ({
  pubkey: recipient,
  user: { lud16, lud06: '', name: 'bob', displayName: 'Bob' },
  id: 'e'.repeat(64),
  kind: 1,
});

describe('zap', { timeout: 30_000 }, () => {
  it('pays the checked zap invoice with WebLN and says so only after the wallet answers', async () => {
    setWebLN(async () => ({ preimage: '07'.repeat(32) }));
    const before = zapOverlay.getState().byId['e'.repeat(64)]?.sent ?? 0;
    expect(await zap(target(`bob@127.0.0.1:${server.port}`), 42, 'Onward', t)).toBe(true);
    expect(paid).toHaveLength(1);
    expect(lastToast()).toMatchObject({ kind: 'success', message: 'Bob zapped successfully' });
    expect(zapOverlay.getState().byId['e'.repeat(64)]?.sent).toBe(before + 42);
    // The zap request the LNURL server saw is signed by the user, for 42 000 msat, about the note, with the message.
    const cb = server.requests.filter((r) => r.url.startsWith('/cb')).at(-1)!;
    const request = JSON.parse(new URL(cb.url, server.origin).searchParams.get('nostr')!);
    expect(request).toMatchObject({ kind: 9734, pubkey: getPublicKey(userKey), content: 'Onward' });
    expect(request.tags).toContainEqual(['amount', '42000']);
    expect(request.tags).toContainEqual(['e', 'e'.repeat(64)]);
  });

  it('a wallet failure gives the failure toast and no counter change', async () => {
    setWebLN(async () => {
      throw new Error('insufficient balance');
    });
    const before = zapOverlay.getState().byId['e'.repeat(64)]?.sent ?? 0;
    expect(await zap(target(`bob@127.0.0.1:${server.port}`), 21, '', t)).toBe(false);
    expect(lastToast()).toMatchObject({ kind: 'error', message: 'We were unable to send this Zap' });
    expect(zapOverlay.getState().byId['e'.repeat(64)]?.sent ?? 0).toBe(before);
  });

  it('no wallet at all (no NWC, no WebLN) fails cleanly', async () => {
    delete (globalThis as { webln?: unknown }).webln;
    expect(await zap(target(`bob@127.0.0.1:${server.port}`), 21, '', t)).toBe(false);
    expect(lastToast()?.message).toBe('We were unable to send this Zap');
  });

  it('refuses authors without a zap-capable lightning address', async () => {
    setWebLN(async () => ({ preimage: '07'.repeat(32) }));
    expect(await zap(target(''), 21, '', t)).toBe(false);
    expect(lastToast()?.message).toBe('Author of this note cannot be zapped');
    expect(await zap(target(`plain@127.0.0.1:${server.port}`), 21, '', t)).toBe(false);
    expect(lastToast()?.message).toBe('Author of this note cannot be zapped');
    expect(paid).toHaveLength(0);
  });

  it('a zap request signed more than 60 s ago is not sent', async () => {
    setWebLN(async () => ({ preimage: '07'.repeat(32) }));
    vi.useFakeTimers({ toFake: ['Date'] });
    signDelay = 61;
    try {
      expect(await zap(target(`bob@127.0.0.1:${server.port}`), 21, '', t)).toBe(false);
    } finally {
      signDelay = 0;
      vi.useRealTimers();
    }
    expect(lastToast()?.message).toBe('We were unable to send this Zap');
    expect(paid).toHaveLength(0);
  });

  it('asks guests to sign in', async () => {
    stores.session.getState().setAccount({ publicKey: null, canSign: false });
    expect(await zap(target(`bob@127.0.0.1:${server.port}`), 21, '', t)).toBe(false);
    expect(lastToast()?.message).toBe('You must be logged-in to perform a zap');
  });
});
