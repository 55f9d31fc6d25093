import { CommandError, type CommandRecord } from './context.ts';
import type { CommandRegistry } from './registry.ts';

/** The NOTICE a request gets when the store cancelled one of its statements for taking too long. */
export const STATEMENT_TIMEOUT_NOTICE = 'error: the store took too long to answer (statement timeout); try again';

/** Whether `err` is PostgreSQL's cancellation of a statement by `statement_timeout` (SQLSTATE 57014). */
export function isStatementTimeout(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  return code === '57014' && typeof message === 'string' && message.includes('statement timeout');
}

/**
 * A registry with `registry`'s handlers, each turning a statement timeout into a CommandError: the request gets a
 * NOTICE + EOSE saying so (instead of a bare "error"), and the server goes on.
 */
export function withStatementTimeoutNotices(registry: CommandRegistry): CommandRegistry {
  const wrapped: CommandRecord = {};
  for (const name of registry.names()) {
    const handler = registry.get(name);
    if (!handler) continue;
    wrapped[name] = async (ctx, payload) => {
      try {
        return await handler(ctx, payload);
      } catch (err) {
        throw isStatementTimeout(err) ? new CommandError(STATEMENT_TIMEOUT_NOTICE) : err;
      }
    };
  }
  return registry.with(wrapped);
}
