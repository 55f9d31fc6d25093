/**
 * The read workers' public face: a pool of worker threads that run read commands on their own store connections
 * (`ReadPool`), started beside the server (`startReadPool`) and told of every store change (`tellReadWorkers`).
 * Other rooms import only this file.
 */
export { ReadPool, type ReadPoolStats, type ReadReply, type ReadRequest, tellReadWorkers } from './read-pool.ts';
export { readWorkerStore, startReadPool } from './read-pool-start.ts';
