import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { describe, expect, it } from 'vitest';
import type { EventTemplate, NostrEvent } from '../nostr/event.ts';
import { encodeBolt11 } from './bolt11-encode.ts';
import { makeZapRequest, validateZapRequest, ZapRequestError } from './zap.ts';
import { DEFAULT_ZAP, ZAP_PRESETS } from './zap-presets.ts';
import { makeZapReceipt, validateZapReceipt, zapDescriptionHash } from './zap-receipt.ts';

const sender = generateSecretKey();
const recipient = getPublicKey(generateSecretKey());
const serverKey = generateSecretKey();
const serverPubkey = getPublicKey(serverKey);
const nodeKey = 'e126f68f7eafcc8b74f54d269fe206be715000f94dac067d1c04a8ca3b2db734';
const noteId = 'a'.repeat(64);

const sign = (t: EventTemplate, key = sender): NostrEvent => finalizeEvent(t, key) as NostrEvent;
const request = (over: Partial<Parameters<typeof makeZapRequest>[0]> = {}) =>
  sign(makeZapRequest({ recipientPubkey: recipient, amountMsat: 42_000, relays: ['wss://r.example'], ...over }));
const withTags = (tags: string[][]) => sign({ kind: 9734, content: '', created_at: 1, tags });

describe('makeZapRequest', () => {
  it('builds kind 9734 with relays, amount in msats, lnurl, p and e tags', () => {
    const t = makeZapRequest({
      recipientPubkey: recipient,
      amountMsat: 42_000,
      relays: ['wss://a', 'wss://b'],
      lnurl: 'lnurl1xyz',
      content: 'Onward',
      eventId: noteId,
      createdAt: 100,
    });
    expect(t).toEqual({
      kind: 9734,
      content: 'Onward',
      created_at: 100,
      tags: [
        ['relays', 'wss://a', 'wss://b'],
        ['amount', '42000'],
        ['lnurl', 'lnurl1xyz'],
        ['p', recipient],
        ['e', noteId],
      ],
    });
  });
  it('uses an a tag for addressable events', () => {
    const t = makeZapRequest({
      recipientPubkey: recipient,
      amountMsat: 1000,
      relays: ['wss://a'],
      address: `30023:${recipient}:x`,
      eventKind: 30023,
    });
    expect(t.tags).toContainEqual(['a', `30023:${recipient}:x`]);
    expect(t.tags).toContainEqual(['k', '30023']);
  });
});

describe('validateZapRequest: the exact spec §5 messages', () => {
  it('accepts a good request as JSON or object', () => {
    const r = request({ eventId: noteId });
    expect(validateZapRequest(JSON.stringify(r)).id).toBe(r.id);
    expect(validateZapRequest(r, { amountMsat: 42_000 }).id).toBe(r.id);
  });
  it.each([
    ['not json', '{nope', ZapRequestError.InvalidJson],
    ['not an event', '{"kind":9734}', ZapRequestError.NotAnEvent],
    ['wrong kind', JSON.stringify(sign({ kind: 1, content: '', created_at: 1, tags: [] })), ZapRequestError.NotAnEvent],
    ['bad signature', JSON.stringify({ ...request(), content: 'tampered' }), ZapRequestError.BadSignature],
    ['no p', JSON.stringify(withTags([['relays', 'wss://a']])), ZapRequestError.NoP],
    [
      'p not hex',
      JSON.stringify(
        withTags([
          ['p', 'xyz'],
          ['relays', 'wss://a'],
        ]),
      ),
      ZapRequestError.PNotHex,
    ],
    [
      'e not hex',
      JSON.stringify(
        withTags([
          ['p', recipient],
          ['e', 'zz'],
          ['relays', 'wss://a'],
        ]),
      ),
      ZapRequestError.ENotHex,
    ],
    ['no relays', JSON.stringify(withTags([['p', recipient]])), ZapRequestError.NoRelays],
    [
      'bad a coordinate',
      JSON.stringify(
        withTags([
          ['p', recipient],
          ['relays', 'wss://a'],
          ['a', 'nope'],
        ]),
      ),
      "Zap request 'a' tag is not a valid event coordinate",
    ],
  ])('%s', (_name, json, message) => {
    expect(() => validateZapRequest(json)).toThrow(message);
  });
  it('checks the exact strings', () => {
    expect(ZapRequestError.NoP).toBe("Zap request doesn't have a 'p' tag");
    expect(ZapRequestError.NoRelays).toBe("Zap request doesn't have a 'relays' tag");
  });
  it('rejects an amount tag that differs from the requested amount', () => {
    expect(() => validateZapRequest(request(), { amountMsat: 1000 })).toThrow(
      "Zap request 'amount' tag doesn't match the amount",
    );
  });
});

function receiptFor(req: NostrEvent, opts: { amountMsat?: number; key?: Uint8Array; description?: string } = {}) {
  const description = opts.description ?? JSON.stringify(req);
  const bolt11 = encodeBolt11({
    network: 'bc',
    amountMsat: opts.amountMsat ?? 42_000,
    paymentHash: '01'.repeat(32),
    descriptionHash: bytesToHex(sha256(new TextEncoder().encode(JSON.stringify(req)))),
    timestamp: 1_700_000_000,
    privateKey: nodeKey,
  });
  return sign(
    {
      kind: 9735,
      content: '',
      created_at: 1_700_000_001,
      tags: [
        ['p', recipient],
        ['e', noteId],
        ['bolt11', bolt11],
        ['description', description],
      ],
    },
    opts.key ?? serverKey,
  );
}

describe('validateZapReceipt', () => {
  it('accepts a receipt signed by the LNURL server for the requested amount', () => {
    const req = request({ eventId: noteId });
    const z = validateZapReceipt(receiptFor(req), { nostrPubkey: serverPubkey });
    expect(z).toMatchObject({
      amountMsat: 42_000,
      senderPubkey: getPublicKey(sender),
      recipientPubkey: recipient,
      eventId: noteId,
    });
  });
  it("rejects a request naming another recipient's lnurl when the lnurl is known", () => {
    const req = request({ lnurl: 'lnurl1aaa' });
    expect(() => validateZapReceipt(receiptFor(req), { nostrPubkey: serverPubkey, lnurl: 'lnurl1bbb' })).toThrow(
      "Zap request 'lnurl' tag doesn't match the recipient's lnurl",
    );
    expect(validateZapReceipt(receiptFor(req), { nostrPubkey: serverPubkey, lnurl: 'LNURL1AAA' }).amountMsat).toBe(
      42_000,
    );
  });

  it('rejects a receipt signed by someone else', () => {
    const req = request();
    expect(() =>
      validateZapReceipt(receiptFor(req, { key: generateSecretKey() }), { nostrPubkey: serverPubkey }),
    ).toThrow("Zap receipt is not signed by the recipient's LNURL server");
  });
  it('rejects a bolt11 amount different from the request amount', () => {
    expect(() =>
      validateZapReceipt(receiptFor(request(), { amountMsat: 1_000 }), { nostrPubkey: serverPubkey }),
    ).toThrow("Zap receipt amount doesn't match its zap request");
  });
  it('rejects a description that is not the request the invoice committed to', () => {
    const other = JSON.stringify(request({ content: 'other' }));
    expect(() =>
      validateZapReceipt(receiptFor(request(), { description: other }), { nostrPubkey: serverPubkey }),
    ).toThrow("Zap receipt invoice doesn't commit to its zap request");
  });
  it('rejects a tampered receipt and a non-event', () => {
    const r = receiptFor(request());
    expect(() => validateZapReceipt({ ...r, created_at: 5 }, { nostrPubkey: serverPubkey })).toThrow(
      'Invalid signature on zap receipt',
    );
    expect(() => validateZapReceipt({}, { nostrPubkey: serverPubkey })).toThrow('Zap receipt is not a valid event');
  });
});

describe('makeZapReceipt (LNURL server side)', () => {
  it('builds a receipt that validateZapReceipt accepts, copying p/e and the request verbatim', () => {
    const req = request({ eventId: noteId });
    const json = JSON.stringify(req);
    const bolt11 = encodeBolt11({
      network: 'bc',
      amountMsat: 42_000,
      paymentHash: '05'.repeat(32),
      descriptionHash: zapDescriptionHash(json),
      timestamp: 1_700_000_000,
      privateKey: nodeKey,
    });
    const t = makeZapReceipt({ zapRequestJson: json, bolt11, preimage: '06'.repeat(32), paidAt: 1_700_000_002 });
    expect(t.kind).toBe(9735);
    expect(t.tags).toContainEqual(['p', recipient]);
    expect(t.tags).toContainEqual(['e', noteId]);
    expect(t.tags).toContainEqual(['P', getPublicKey(sender)]);
    expect(t.tags).toContainEqual(['description', json]);
    expect(validateZapReceipt(sign(t, serverKey), { nostrPubkey: serverPubkey }).amountMsat).toBe(42_000);
  });
  it('refuses to build a receipt for an invalid request', () => {
    expect(() => makeZapReceipt({ zapRequestJson: '{', bolt11: 'x', paidAt: 1 })).toThrow(ZapRequestError.InvalidJson);
  });
});

describe('zap presets (spec §9)', () => {
  it('has the default and the six presets', () => {
    expect(DEFAULT_ZAP).toEqual({ amount: 42, message: 'Onward' });
    expect(ZAP_PRESETS.map((p) => p.amount)).toEqual([21, 420, 1000, 5000, 10000, 100000]);
  });
});
