// Signature-check worker of the ingest verify pool: the same wasm check as @tide/core/nostr's verifier
// (nostr-wasm verifyEvent checks the id hash and the schnorr signature), run off the main thread. A job's slices are
// claimed through shared memory (this worker from the front, the main thread from the back), so the worker keeps
// going while the main thread is busy; it answers once no free slice is left.
import { parentPort } from 'node:worker_threads';
import { initNostrWasm } from 'nostr-wasm';

const wasm = await initNostrWasm();
const FREE = 0;
const WORKER = 1;

parentPort.on('message', (msg) => {
  const claims = new Int32Array(msg.claims);
  const results = new Uint8Array(msg.results);
  for (let s = 0; s < claims.length; s++) {
    if (Atomics.compareExchange(claims, s, FREE, WORKER) !== FREE) continue;
    const end = Math.min(msg.events.length, (s + 1) * msg.slice);
    for (let i = s * msg.slice; i < end; i++) {
      let ok = false;
      if (msg.events[i]) {
        try {
          wasm.verifyEvent(msg.events[i]);
          ok = true;
        } catch {
          ok = false;
        }
      }
      Atomics.store(results, i, ok ? 1 : 2);
    }
  }
  parentPort.postMessage({ id: msg.id });
});
parentPort.postMessage({ ready: true });
