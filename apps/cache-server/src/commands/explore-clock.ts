import type { CommandContext } from './context.ts';

/** How long a store may go without a new event before explore anchors its windows at the newest one. */
export const QUIET_SECONDS = 3600;

/**
 * "Now" for explore's recent windows (24 h, 7 d, 4 h): the clock, or the newest stored event when the store has been
 * quiet for over QUIET_SECONDS (a demo network seeded earlier, a server that lost its upstream). A window relative to the clock would
 * then read an empty stretch of time; anchored at the newest event it reads the latest activity there is. Events
 * dated in the future never move the anchor past the clock.
 */
export async function exploreNow(ctx: CommandContext): Promise<number> {
  const now = ctx.now();
  const row = await ctx.store.db
    .selectFrom('events')
    .select((eb) => eb.fn.max('created_at').as('newest'))
    .where('created_at', '<=', now)
    .executeTakeFirst();
  const newest = Number(row?.newest ?? 0);
  return newest > 0 && now - newest > QUIET_SECONDS ? newest : now;
}

/** A client's absolute `created_after` (computed from its own clock) moved back by how far the data lags the clock. */
export function shiftCreatedAfter(createdAfter: number, clockNow: number, dataNow: number): number {
  return createdAfter > 0 ? Math.max(0, createdAfter - Math.max(0, clockNow - dataNow)) : 0;
}
