// The client side of the server-load bench, run in a worker thread so the sockets' own work stays off the bench's
// main thread: N WebSocket clients, each negotiating zlib (as the web app does) and then sending requests from a
// varied mix, either back to back (closed loop: the next request when the previous EOSE arrives) or one per
// second with jitter (paced: a crowd of users). Answers are not inflated: a client only waits for its EOSE.
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';
import { Prng } from '../../apps/cache-server/src/seed/prng.ts';
import { runWriter, type WriterOutcome } from './server-load-writer.ts';

/** Users, notes and words the request mix is drawn from. */
export interface LoadSamples {
  users: string[];
  /** The sampled users with a mute list (their answers are computed per viewer, never layered). */
  muters: string[];
  notes: string[];
  words: string[];
}

/** What the worker is asked to do. */
export interface LoadJob {
  url: string;
  sockets: number;
  seconds: number;
  mode: 'closed' | 'paced';
  samples: LoadSamples;
  /** Share of sockets browsing as guests (no user_pubkey: their answers are not personalised). */
  guests: number;
  /** The relay address the writer publishes to. */
  relayUrl: string;
  /** Signed events per second a writer publishes meanwhile over its own relay socket (0: a static store). */
  writerPerSecond: number;
}

/** What the worker reports back. */
export interface LoadOutcome {
  latencies: Float64Array;
  /** When each answer came (ms since the load began; same order as `latencies`): the bench's timeline. */
  times: Float64Array;
  /**
   * Each latency's request label (same order as `latencies`); a guest's requests are labelled `<label>:guest`, those
   * of a signed-in user with a mute list `<label>:muter`.
   */
  labels: string[];
  /** Requests per kind of request (the mix actually sent). */
  mix: Record<string, number>;
  /** Sockets closed or failed before the deadline. */
  dropped: number;
  notices: number;
  /** What the concurrent writer published. */
  writer: WriterOutcome;
}

type Request = [label: string, command: string, payload: Record<string, unknown>];

/** The seed's PRNG as a function, seeded by a number (same seed → same sequence). */
function prng(seed: number): () => number {
  const generator = new Prng(String(seed));
  return () => generator.next();
}

/**
 * The next request of a user (`viewer` null for a guest): home feed, profiles, profile notes, threads, explore and
 * search in a fixed proportion, over every sampled user and thread.
 */
export function nextRequest(s: LoadSamples, viewer: string | null, random: () => number): Request {
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)];
  const as = viewer ? { user_pubkey: viewer } : {};
  const r = random();
  if (r < 0.3) return ['home', 'mega_feed_directive', { spec: '{"id":"latest","kind":"notes"}', limit: 20, ...as }];
  if (r < 0.45) return ['profile', 'user_profile', { pubkey: pick(s.users), ...as }];
  if (r < 0.6) return ['profile_notes', 'feed', { pubkey: pick(s.users), notes: 'authored', limit: 20, ...as }];
  if (r < 0.8) return ['thread', 'thread_view', { event_id: pick(s.notes), limit: 100, ...as }];
  if (r < 0.9) return ['explore', 'explore_global_trending_24h', { limit: 20, ...as }];
  if (r < 0.95) return ['explore_topics', 'explore_topics', {}];
  return ['search', 'search', { query: pick(s.words), limit: 20, ...as }];
}

/** Runs one socket until the deadline; resolves whether it stayed connected. */
function runSocket(
  job: LoadJob,
  index: number,
  deadline: number,
  out: LoadOutcome,
  lat: number[],
  labels: string[],
  times: number[],
): Promise<boolean> {
  const random = prng(index + 1);
  const viewer = random() < job.guests ? null : job.samples.users[index % job.samples.users.length];
  const muter = viewer !== null && job.samples.muters.includes(viewer);
  return new Promise((done) => {
    const ws = new WebSocket(job.url);
    let n = 0;
    let sentAt = 0;
    let sentLabel = '';
    let lastSendAt = 0;
    let finished = false;
    let negotiated = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (ok: boolean) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      ws.close();
      done(ok);
    };
    const send = () => {
      if (Date.now() >= deadline) return finish(true);
      n += 1;
      const [label, command, payload] = nextRequest(job.samples, viewer, random);
      out.mix[label] = (out.mix[label] ?? 0) + 1;
      sentLabel = label;
      sentAt = performance.now();
      lastSendAt = sentAt;
      ws.send(JSON.stringify(['REQ', `${label}_${index}_${n}`, { cache: [command, payload] }]));
    };
    const next = () => {
      if (job.mode === 'closed') return send();
      // paced: one request per second on average (0.5 to 1.5 s apart), at once if the answer took longer
      const wait = lastSendAt + 500 + random() * 1000 - performance.now();
      if (wait <= 0) return send();
      timer = setTimeout(send, wait);
    };
    ws.on('open', () => {
      ws.send(
        JSON.stringify(['REQ', `set_protocol_${index}`, { cache: ['set_primal_protocol', { compression: 'zlib' }] }]),
      );
    });
    ws.on('message', (data, isBinary) => {
      if (isBinary) return; // the zlib EVENTS frame; the text EOSE after it ends the answer
      const text = (data as Buffer).toString();
      if (text.startsWith('["NOTICE"')) out.notices += 1;
      if (!text.startsWith('["EOSE"')) return;
      if (!negotiated) {
        negotiated = true;
        // paced sockets start spread over the first second
        lastSendAt = performance.now() - 500;
        return job.mode === 'closed' ? send() : next();
      }
      const at = performance.now();
      lat.push(at - sentAt);
      times.push(at);
      labels.push(viewer ? (muter ? `${sentLabel}:muter` : sentLabel) : `${sentLabel}:guest`);
      next();
    });
    ws.on('error', () => finish(false));
    ws.on('close', () => finish(Date.now() >= deadline));
  });
}

/** Runs the job: every socket until `seconds` have passed. */
export async function runLoad(job: LoadJob): Promise<LoadOutcome> {
  const writer = { sent: 0, accepted: 0, refused: 0 };
  const out: LoadOutcome = {
    latencies: new Float64Array(0),
    times: new Float64Array(0),
    labels: [],
    mix: {},
    dropped: 0,
    notices: 0,
    writer,
  };
  const lat: number[] = [];
  const labels: string[] = [];
  const times: number[] = [];
  const startedAt = performance.now();
  const deadline = Date.now() + job.seconds * 1000;
  const [results, written] = await Promise.all([
    Promise.all(Array.from({ length: job.sockets }, (_, i) => runSocket(job, i, deadline, out, lat, labels, times))),
    runWriter(job.relayUrl, job.writerPerSecond, deadline, job.samples.users, job.samples.notes),
  ]);
  out.writer = written;
  out.dropped = results.filter((ok) => !ok).length;
  out.latencies = Float64Array.from(lat);
  out.times = Float64Array.from(times, (at) => at - startedAt);
  out.labels = labels;
  return out;
}

if (parentPort && workerData) {
  const port = parentPort;
  runLoad(workerData as LoadJob).then((outcome) => port.postMessage(outcome));
}
