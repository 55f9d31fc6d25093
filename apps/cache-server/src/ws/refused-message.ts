/** The reason given for a message the per-connection rate limit refuses. */
export const RATE_LIMITED = 'rate-limited: slow down';

/** Longest message read for its sub-id or event id when the rate limit refuses it (REQ and EVENT frames are small). */
const MAX_PARSED = 64 * 1024;

/** What a refused message names, when it parses: its verb (REQ, EVENT, COUNT, ...) and its sub-id or event id. */
export interface RefusedMessage {
  verb: string;
  id: string;
}

/**
 * Reads the verb and sub-id (or an EVENT's id) of a message the rate limit refused, so the refusal can be answered on
 * that subscription (a client waiting for its EOSE, CLOSED or OK otherwise waits forever); undefined when it does not
 * parse or is too long to read.
 */
export function refusedMessage(text: string): RefusedMessage | undefined {
  if (text.length > MAX_PARSED) return undefined;
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!Array.isArray(message) || typeof message[0] !== 'string') return undefined;
  const [verb, second] = message as [string, unknown];
  if (verb === 'EVENT') {
    const id = (second as { id?: unknown } | null)?.id;
    return typeof id === 'string' ? { verb, id } : undefined;
  }
  return typeof second === 'string' ? { verb, id: second } : undefined;
}
