// Signature-check worker of the ingest verify pool: the same wasm check as @tide/core/nostr's verifier
// (nostr-wasm verifyEvent checks the id hash and the schnorr signature), run off the main thread.
import { parentPort } from 'node:worker_threads';
import { initNostrWasm } from 'nostr-wasm';

const wasm = await initNostrWasm();

parentPort.on('message', (msg) => {
  const ok = new Array(msg.events.length);
  for (let i = 0; i < msg.events.length; i++) {
    try {
      wasm.verifyEvent(msg.events[i]);
      ok[i] = true;
    } catch {
      ok[i] = false;
    }
  }
  parentPort.postMessage({ id: msg.id, ok });
});
parentPort.postMessage({ ready: true });
