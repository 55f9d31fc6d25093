import { verifySignedEvent } from '@tide/core/lightning';
import {
  getConversationKey,
  getPublicKey,
  type NostrEvent,
  nip04Decrypt,
  nip04Encrypt,
  nip44Decrypt,
  nip44Encrypt,
  signEvent,
} from '@tide/core/nostr';
import { type Ledger, LedgerError, type LedgerInvoice } from './ledger.ts';

/** NIP-47 kinds: info, request, response. */
export const NWC_INFO_KIND = 13194;
export const NWC_REQUEST_KIND = 23194;
export const NWC_RESPONSE_KIND = 23195;
/** Methods this wallet service answers. */
export const NWC_METHODS = [
  'pay_invoice',
  'get_balance',
  'make_invoice',
  'lookup_invoice',
  'list_transactions',
  'get_info',
];

/** Where the service reads requests and sends answers (a relay client). */
export interface NwcTransport {
  publish(e: NostrEvent): Promise<unknown>;
  subscribe(id: string, filter: object, onEvent: (e: NostrEvent) => void): void;
}

type NwcError = { code: string; message: string };
type Answer = { result?: unknown; error?: NwcError };

const fail = (code: string, message: string): Answer => ({ error: { code, message } });

/** The NIP-47 wallet service of the sandbox: one service key, one client secret per ledger account. */
export class NwcService {
  readonly pubkey: string;
  private readonly clients = new Map<string, string>();
  private readonly seen = new Set<string>();
  private stopped = false;

  constructor(
    private readonly ledger: Ledger,
    private readonly serviceKey: Uint8Array,
    private readonly relayUrl: string,
  ) {
    this.pubkey = getPublicKey(serviceKey);
  }

  /** Registers a client secret for an account; returns its `nostr+walletconnect://` connection string. */
  addClient(account: string, clientSecretHex: string): string {
    this.clients.set(getPublicKey(clientSecretHex), account);
    return `nostr+walletconnect://${this.pubkey}?relay=${encodeURIComponent(this.relayUrl)}&secret=${clientSecretHex}`;
  }

  /** Publishes the info event and listens for requests. */
  async start(transport: NwcTransport): Promise<void> {
    const since = Math.floor(Date.now() / 1000) - 5;
    transport.subscribe('nwc', { kinds: [NWC_REQUEST_KIND], '#p': [this.pubkey], since }, (e) => {
      this.handle(e)
        .then((r) => (r ? transport.publish(r) : undefined))
        .catch(() => {}); // a malformed event is dropped, never a crash
    });
    const info = signEvent(
      {
        kind: NWC_INFO_KIND,
        created_at: Math.floor(Date.now() / 1000),
        content: NWC_METHODS.join(' '),
        tags: [['encryption', 'nip44_v2 nip04']],
      },
      this.serviceKey,
    );
    // The relay may still be starting (npm start launches both at once): keep offering the info event until it is in.
    for (let i = 0; i < 150; i++) {
      const r = (await transport.publish(info)) as { ok?: boolean } | undefined;
      if (r?.ok !== false || this.stopped) return;
      await new Promise((res) => setTimeout(res, 2000));
    }
  }

  /** Stops retrying the info event. */
  stop(): void {
    this.stopped = true;
  }

  /** Answers one request event (kind 23194); undefined for events not meant for this service. */
  async handle(request: NostrEvent): Promise<NostrEvent | undefined> {
    if (request?.kind !== NWC_REQUEST_KIND || typeof request.content !== 'string' || this.seen.has(request.id)) {
      return undefined;
    }
    if (!request.tags?.some((t) => t[0] === 'p' && t[1] === this.pubkey)) return undefined;
    if (!verifySignedEvent(request)) return undefined;
    this.seen.add(request.id);
    const nip04 = request.content.includes('?iv=');
    let method = 'unknown';
    let answer: Answer;
    try {
      const plain = nip04
        ? nip04Decrypt(this.serviceKey, request.pubkey, request.content)
        : nip44Decrypt(request.content, getConversationKey(this.serviceKey, request.pubkey));
      const body = JSON.parse(plain) as { method?: unknown; params?: unknown };
      method = typeof body?.method === 'string' ? body.method : 'unknown';
      const account = this.clients.get(request.pubkey);
      answer = account ? this.call(account, method, body.params) : fail('UNAUTHORIZED', 'Unknown connection');
    } catch {
      answer = fail('OTHER', 'Request could not be decrypted or parsed');
    }
    const content = JSON.stringify({ result_type: method, error: answer.error ?? null, result: answer.result ?? null });
    const encrypted = nip04
      ? nip04Encrypt(this.serviceKey, request.pubkey, content)
      : nip44Encrypt(content, getConversationKey(this.serviceKey, request.pubkey));
    return signEvent(
      {
        kind: NWC_RESPONSE_KIND,
        created_at: Math.floor(Date.now() / 1000),
        content: encrypted,
        tags: [
          ['p', request.pubkey],
          ['e', request.id],
        ],
      },
      this.serviceKey,
    );
  }

  private call(account: string, method: string, rawParams: unknown): Answer {
    const params = (rawParams && typeof rawParams === 'object' ? rawParams : {}) as Record<string, unknown>;
    try {
      switch (method) {
        case 'get_balance':
          return { result: { balance: this.ledger.balanceMsat(account) } };
        case 'get_info':
          return {
            result: {
              alias: 'Tide sandbox',
              color: '#3b82f6',
              pubkey: this.ledger.nodePubkey,
              network: 'regtest',
              block_height: 1,
              block_hash: '00'.repeat(32),
              methods: NWC_METHODS,
            },
          };
        case 'pay_invoice': {
          if (typeof params.invoice !== 'string') return fail('OTHER', 'params.invoice is required');
          const amount = params.amount === undefined ? undefined : Number(params.amount);
          const paid = this.ledger.pay(account, params.invoice, amount);
          return { result: { preimage: paid.preimage, fees_paid: 0 } };
        }
        case 'make_invoice': {
          const amount = Number(params.amount);
          if (!Number.isSafeInteger(amount) || amount < 1000)
            return fail('OTHER', 'params.amount (msats, ≥ 1000) is required');
          const inv = this.ledger.createInvoice(account, amount, {
            description: typeof params.description === 'string' ? params.description : '',
            ...(typeof params.description_hash === 'string' && /^[0-9a-f]{64}$/i.test(params.description_hash)
              ? { descriptionHash: params.description_hash }
              : {}),
            ...(Number.isSafeInteger(params.expiry) && Number(params.expiry) > 0
              ? { expiry: Number(params.expiry) }
              : {}),
          });
          return { result: this.tx(inv, 'incoming') };
        }
        case 'lookup_invoice': {
          const inv = this.ledger.findInvoice({
            paymentHash: typeof params.payment_hash === 'string' ? params.payment_hash : undefined,
            bolt11: typeof params.invoice === 'string' ? params.invoice : undefined,
          });
          if (!inv) return fail('NOT_FOUND', 'Invoice not found');
          return { result: this.tx(inv, inv.account === account ? 'incoming' : 'outgoing') };
        }
        case 'list_transactions': {
          let txs = this.ledger.transactions(account);
          const num = (k: string) => (Number.isSafeInteger(params[k]) ? Number(params[k]) : undefined);
          const from = num('from');
          const until = num('until');
          if (from !== undefined) txs = txs.filter((t) => t.created_at >= from);
          if (until !== undefined) txs = txs.filter((t) => t.created_at <= until);
          if (params.type === 'incoming' || params.type === 'outgoing') txs = txs.filter((t) => t.type === params.type);
          const offset = num('offset') ?? 0;
          const limit = num('limit') ?? txs.length;
          return { result: { transactions: txs.slice(offset, offset + limit) } };
        }
        default:
          return fail('NOT_IMPLEMENTED', `Unknown method ${method}`);
      }
    } catch (e) {
      if (e instanceof LedgerError) return fail(e.code === 'NOT_FOUND' ? 'PAYMENT_FAILED' : e.code, e.message);
      return fail('INTERNAL', (e as Error).message);
    }
  }

  private tx(inv: LedgerInvoice, type: 'incoming' | 'outgoing') {
    return {
      type,
      invoice: inv.bolt11,
      description: inv.description,
      description_hash: inv.descriptionHash,
      preimage: inv.settledAt !== null || type === 'incoming' ? inv.preimage : '',
      payment_hash: inv.paymentHash,
      amount: inv.amountMsat,
      fees_paid: 0,
      created_at: inv.createdAt,
      expires_at: inv.expiresAt,
      settled_at: inv.settledAt,
    };
  }
}
