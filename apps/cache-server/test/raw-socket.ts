import { inflateSync } from 'node:zlib';
import WebSocket from 'ws';

/** One received frame: its JSON and whether it came as a binary (zlib) frame. */
export interface ReceivedFrame {
  binary: boolean;
  message: unknown[];
}

/** How long a wait for a frame lasts by default. */
const WAIT_MS = 20_000;

/** A raw test socket that records every frame (binary frames are inflated) and waits for matching ones. */
export class RawSocket {
  readonly frames: ReceivedFrame[] = [];
  private waiters: Array<() => void> = [];
  /** Cache requests sent by `cacheObjects` (their sub-ids are `ask<n>`). */
  private asked = 0;
  closedWith: { code: number; reason: string } | null = null;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data, isBinary) => {
      const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as Buffer);
      const text = isBinary ? inflateSync(buffer).toString('utf8') : buffer.toString('utf8');
      this.frames.push({ binary: isBinary, message: JSON.parse(text) as unknown[] });
      this.wake();
    });
    ws.on('close', (code, reason) => {
      this.closedWith = { code, reason: reason.toString() };
      this.wake();
    });
  }

  /** Opens a socket to `url` and waits until it is open. */
  static async open(url: string): Promise<RawSocket> {
    const ws = new WebSocket(url);
    const socket = new RawSocket(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return socket;
  }

  /** Sends a JSON value (or a raw string as is). */
  send(value: unknown): void {
    this.ws.send(typeof value === 'string' ? value : JSON.stringify(value));
  }

  /**
   * Waits for the first frame (from index `from`) matching `pred`; rejects after `timeoutMs` (20 s by default: under
   * the 30 s test timeout, and generous for a loaded CI machine; a frame that comes returns at once).
   */
  async waitFor(pred: (f: ReceivedFrame) => boolean, timeoutMs = WAIT_MS, from = 0): Promise<ReceivedFrame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.slice(from).find(pred);
      if (found) return found;
      if (this.closedWith) throw new Error(`socket closed (${this.closedWith.code}) while waiting`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out; frames: ${JSON.stringify(this.frames.slice(-5))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Frames of one sub-id (second element). */
  framesOf(subId: string): ReceivedFrame[] {
    return this.frames.filter((f) => f.message[1] === subId);
  }

  /** Waits for `["EOSE", subId]` and returns every frame of that sub-id so far. */
  async untilEose(subId: string, timeoutMs = WAIT_MS): Promise<ReceivedFrame[]> {
    await this.waitFor((f) => f.message[0] === 'EOSE' && f.message[1] === subId, timeoutMs);
    return this.framesOf(subId);
  }

  /**
   * Sends one cache request (`["REQ", <fresh sub-id>, {cache: [command, payload]}]`), waits for its EOSE and returns the
   * objects of its EVENT frames; a NOTICE for it throws with the notice's text.
   */
  async cacheObjects<T = { kind: number; content: string }>(
    command: string,
    payload: Record<string, unknown>,
  ): Promise<T[]> {
    this.asked += 1;
    const subId = `ask${this.asked}`;
    this.send(['REQ', subId, { cache: [command, payload] }]);
    const frames = await this.untilEose(subId);
    const notice = frames.find((f) => f.message[0] === 'NOTICE');
    if (notice) throw new Error(`${command}: ${String(notice.message[2])}`);
    return frames.flatMap((f) => (f.message[0] === 'EVENT' ? [f.message[2] as T] : []));
  }

  /** Closes the socket and waits for the close. */
  async close(): Promise<void> {
    if (this.closedWith) return;
    await new Promise<void>((resolve) => {
      this.ws.once('close', () => resolve());
      this.ws.close();
    });
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}
