import type { CacheEvent } from '@tide/core/nostr';
import type { Store } from '../store/index.ts';
import { noteAnswerDeps } from './answer-deps.ts';
import { PackedAnswer } from './answer-frames.ts';

/** What computing one cacheable answer needs (see `computeAnswer`). */
export interface AnswerRun {
  store: Store;
  command: string;
  payload: Record<string, unknown>;
  /** The pubkey the answer is personalised for ('' for none). */
  viewer: string;
  /** The store's change sequence now (`ChangeNotifier.sequence`). */
  sequence: () => number;
  /** Runs the command. */
  events: () => Promise<CacheEvent[]>;
}

/**
 * Computes a packed answer and notes its dependencies from the change sequence at which the computation started, not
 * the one at which its request came: a request may wait in the compute queue while changes come in (on the 22k store
 * with the writer, ~400 ms behind signed-in home recomputations); the computation reads the store after them, so they
 * must not mark it touched (which made it recomputed again at once: 1,793 home recomputations for 1,049 touches in 10 s).
 * Changes after its start are still found in the dependency index's log. Returns the answer and that sequence.
 */
export async function computeAnswer(run: AnswerRun): Promise<{ packed: PackedAnswer; since: number }> {
  const since = run.sequence();
  const events = await run.events();
  const packed = await PackedAnswer.pack(events);
  await noteAnswerDeps(packed, run.store, run.command, run.payload, run.viewer, events, since);
  return { packed, since };
}
