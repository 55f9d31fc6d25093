import { bytesToHex } from '@noble/hashes/utils.js';
import type { EventTemplate, NostrEvent } from '../nostr/event.ts';
import { nip04Decrypt, nip04Encrypt } from '../nostr/nip04.ts';
import { getConversationKey, nip44Decrypt, nip44Encrypt } from '../nostr/nip44.ts';
import { generateSecretKey, getPublicKey, signEvent } from '../nostr/sign.ts';
import { RelayPool } from '../relay/relay-pool.ts';
import type { WebSocketConstructor } from '../relay/socket.ts';
import { bunkerUrl, NIP46_KIND, parseNostrConnectUri } from './nip46-uri.ts';

/** Options of {@link startTestNip46Signer}. */
export interface TestNip46SignerOptions {
  relays: string[];
  /** The user's key (the one that signs); random by default. */
  userSecretKey?: Uint8Array;
  /** The bunker's own key (the one requests are addressed to); random by default, different from the user's. */
  signerSecretKey?: Uint8Array;
  /** The `bunker://` secret; random by default. */
  secret?: string;
  /** Methods to refuse with `error: 'refused'` (a user saying no). */
  refuse?: string[];
  /** Methods first answered with `auth_url` (this URL), then, 50 ms later, for real (a user approving). */
  authUrl?: { url: string; methods: string[] };
  WebSocket?: WebSocketConstructor;
}

/** A running test remote signer. */
export interface TestNip46Signer {
  /** `bunker://<signer pubkey>?relay=…&secret=…` */
  bunkerUrl: string;
  userPubkey: string;
  signerPubkey: string;
  /** Every request method received, in order (`connect`, `get_public_key`, `sign_event`, …). */
  methods: string[];
  /** Events it signed. */
  signed: NostrEvent[];
  /** Answers a `nostrconnect://` URI the way a phone signer does after scanning its QR code. */
  connectTo(uri: string): Promise<void>;
  close(): void;
}

/**
 * A small NIP-46 remote signer for tests (unit tests with core's test relay, e2e with the caching service's relay):
 * listens for kind 24133 requests to its key, checks the `bunker://` secret on `connect`, and answers
 * get_public_key, sign_event, nip04/nip44 encrypt and decrypt and ping with the user's key.
 */
export async function startTestNip46Signer(options: TestNip46SignerOptions): Promise<TestNip46Signer> {
  const userSk = options.userSecretKey ?? generateSecretKey();
  const signerSk = options.signerSecretKey ?? generateSecretKey();
  const userPubkey = getPublicKey(userSk);
  const signerPubkey = getPublicKey(signerSk);
  const secret = options.secret ?? bytesToHex(generateSecretKey()).slice(0, 12);
  const pool = new RelayPool({ WebSocket: options.WebSocket });
  const methods: string[] = [];
  const signed: NostrEvent[] = [];
  const clients = new Set<string>();

  const reply = async (client: string, payload: Record<string, unknown>) => {
    const content = nip44Encrypt(JSON.stringify(payload), getConversationKey(signerSk, client));
    const event = signEvent(
      { kind: NIP46_KIND, created_at: Math.floor(Date.now() / 1000), tags: [['p', client]], content },
      signerSk,
    );
    await pool.publish(event, options.relays);
  };

  const answer = (client: string, method: string, params: string[]): string => {
    if (options.refuse?.includes(method)) throw new Error('refused');
    if (method === 'connect') {
      if (params[0] !== signerPubkey || params[1] !== secret) throw new Error('invalid secret');
      clients.add(client);
      return 'ack';
    }
    if (!clients.has(client)) throw new Error('not connected');
    switch (method) {
      case 'ping':
        return 'pong';
      case 'get_public_key':
        return userPubkey;
      case 'sign_event': {
        const template = JSON.parse(params[0] ?? '{}') as EventTemplate;
        const event = signEvent(
          { kind: template.kind, created_at: template.created_at, tags: template.tags, content: template.content },
          userSk,
        );
        signed.push(event);
        return JSON.stringify(event);
      }
      case 'nip44_encrypt':
        return nip44Encrypt(params[1] ?? '', getConversationKey(userSk, params[0] ?? ''));
      case 'nip44_decrypt':
        return nip44Decrypt(params[1] ?? '', getConversationKey(userSk, params[0] ?? ''));
      case 'nip04_encrypt':
        return nip04Encrypt(userSk, params[0] ?? '', params[1] ?? '');
      case 'nip04_decrypt':
        return nip04Decrypt(userSk, params[0] ?? '', params[1] ?? '');
      default:
        throw new Error(`unsupported method ${method}`);
    }
  };

  const receive = (event: NostrEvent) => {
    let request: { id: string; method: string; params: string[] };
    try {
      request = JSON.parse(nip44Decrypt(event.content, getConversationKey(signerSk, event.pubkey)));
    } catch {
      return;
    }
    methods.push(request.method);
    const approval = options.authUrl?.methods.includes(request.method) ? options.authUrl.url : null;
    if (approval) void reply(event.pubkey, { id: request.id, result: 'auth_url', error: approval });
    let payload: Record<string, unknown>;
    try {
      payload = { id: request.id, result: answer(event.pubkey, request.method, request.params ?? []) };
    } catch (error) {
      payload = { id: request.id, result: '', error: error instanceof Error ? error.message : String(error) };
    }
    if (approval) setTimeout(() => void reply(event.pubkey, payload), 50);
    else void reply(event.pubkey, payload);
  };

  await new Promise<void>((resolve) => {
    pool.subscribe(
      options.relays,
      [{ kinds: [NIP46_KIND], '#p': [signerPubkey], since: Math.floor(Date.now() / 1000) - 5 }],
      { onevent: receive, oneose: resolve },
    );
  });

  return {
    bunkerUrl: bunkerUrl({ remotePubkey: signerPubkey, relays: options.relays, secret }),
    userPubkey,
    signerPubkey,
    methods,
    signed,
    async connectTo(uri) {
      const params = parseNostrConnectUri(uri);
      if (!params) throw new Error('not a nostrconnect:// URI');
      clients.add(params.clientPubkey);
      await reply(params.clientPubkey, { id: bytesToHex(generateSecretKey()).slice(0, 16), result: params.secret });
    },
    close: () => pool.close(),
  };
}
