/**
 * The answer-reuse engine's public face: computing an answer once (answer runs, the compute queue), keeping it while
 * it is still exact (answer cache, dependencies and their index), layering one viewer's facts over a shared answer
 * (viewer layers and facts), sharing bundles between answers, and the packed (deflated) frames they travel in.
 * Other rooms import only this file; docs/answer-reuse.md explains the guarantees.
 */
export { type AnswerDeps, answerDeps, setAnswerDeps } from './answer-deps.ts';
export { PackedAnswer, type PackedTransfer } from './answer-frames.ts';
export { computeAnswer } from './answer-run.ts';
export { shareViewerIndependentBundles, writtenAtOf } from './bundle-sharing.ts';
export { ComputeQueue } from './compute-queue.ts';
export {
  type AnswerCacheLimits,
  CACHEABLE_COMMANDS,
  isPeriodicKey,
  onChangeKeys,
  ResponseCache,
  type ResponseCacheOptions,
  type ResponseCacheStats,
  responseCacheFor,
  responseCacheOptions,
  responseKey,
  VIEWERLESS_COMMANDS,
  viewerOfRequest,
} from './response-cache.ts';
export type { ChangeListener } from './viewer-facts.ts';
export { layerPlan, ViewerLayers } from './viewer-layer.ts';
