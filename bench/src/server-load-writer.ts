// The living network of the server-load bench: one relay socket publishing signed events from seeded users at a
// fixed rate (notes, replies to sampled threads, reactions), as a client would, while the readers run.
import WebSocket from 'ws';
import { Prng } from '../../apps/cache-server/src/seed/prng.ts';
import { createSeedSigner, deriveSecretKey, publicKeyOf } from '../../apps/cache-server/src/seed/signer.ts';

/** What the writer did: events sent, accepted (OK true) and refused (OK false, or no answer by the end). */
export interface WriterOutcome {
  sent: number;
  accepted: number;
  refused: number;
}

/** The secret keys of the seed's generated users (`tide:user:<i>`), by pubkey; the first 4 are fixed accounts. */
export function seededKeys(count: number): Map<string, Uint8Array> {
  const keys = new Map<string, Uint8Array>();
  for (let i = 4; i < count; i++) {
    const secretKey = deriveSecretKey(`tide:user:${i}`);
    keys.set(publicKeyOf(secretKey), secretKey);
  }
  return keys;
}

/**
 * The writer's authors: the sampled users whose keys are known (they are the readers' viewers and the followed
 * ones, so their writes touch answers being read), else every seeded user.
 */
export function writerAuthors(users: readonly string[], keys: Map<string, Uint8Array>): Uint8Array[] {
  const known = users.flatMap((u) => keys.get(u) ?? []);
  return known.length > 0 ? known : [...keys.values()];
}

/** Publishes `perSecond` events over one relay socket at `relayUrl` until `deadline`; resolves with the counts. */
export async function runWriter(
  relayUrl: string,
  perSecond: number,
  deadline: number,
  users: readonly string[],
  notes: readonly string[],
): Promise<WriterOutcome> {
  const out: WriterOutcome = { sent: 0, accepted: 0, refused: 0 };
  if (perSecond <= 0) return out;
  const authors = writerAuthors(users, seededKeys(400));
  const signer = await createSeedSigner();
  const rng = new Prng('load-writer');
  const entropy = new Uint8Array(32);
  const ws = new WebSocket(relayUrl);
  await new Promise<void>((ok, fail) => {
    ws.once('open', () => ok());
    ws.once('error', fail);
  });
  ws.on('message', (data) => {
    const message = JSON.parse(String(data)) as unknown[];
    if (message[0] !== 'OK') return;
    if (message[2] === true) out.accepted += 1;
    else out.refused += 1;
  });
  const started = Date.now();
  const publishDue = () => {
    const due = Math.floor(((Date.now() - started) / 1000) * perSecond);
    while (out.sent < due) {
      const r = rng.next();
      const secretKey = authors[Math.floor(rng.next() * authors.length)];
      const target = notes[Math.floor(rng.next() * notes.length)];
      const created_at = Math.floor(Date.now() / 1000);
      const template =
        r < 0.5
          ? { kind: 1, created_at, tags: [], content: `load writer note ${out.sent} ${rng.next()}` }
          : r < 0.75
            ? { kind: 1, created_at, tags: [['e', target, '', 'root']], content: `load writer reply ${out.sent}` }
            : { kind: 7, created_at, tags: [['e', target]], content: '+' };
      crypto.getRandomValues(entropy);
      ws.send(JSON.stringify(['EVENT', signer.sign(template, secretKey, entropy)]));
      out.sent += 1;
    }
  };
  await new Promise<void>((done) => {
    const timer = setInterval(() => {
      if (Date.now() >= deadline) {
        clearInterval(timer);
        done();
        return;
      }
      publishDue();
    }, 20);
  });
  // give the last events' OKs a moment on a loaded server (not a measurement: only the counts wait for it)
  await new Promise<void>((done) => {
    const check = setInterval(() => {
      if (out.accepted + out.refused >= out.sent || Date.now() > deadline + 5000) {
        clearInterval(check);
        done();
      }
    }, 20);
  });
  out.refused = out.sent - out.accepted;
  ws.close();
  return out;
}
