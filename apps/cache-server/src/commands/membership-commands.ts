import { CacheKind, type NostrEvent } from '@tide/core/nostr';
import {
  authorise,
  contactLists,
  eventCountsByKind,
  isActive,
  MembershipRefusal,
  MembershipService,
  memberByPubkey,
  memberFacts,
} from '../membership/index.ts';
import { userExtras } from './bundle.ts';
import { type CommandContext, CommandError, type CommandPayload, type CommandRecord } from './context.ts';
import { synth, toEvent } from './event-rows.ts';

// The premium commands the client sends on the cache socket (spec §7): leaderboards (anyone) and the member's own
// media, contact list versions, content counts, backup and rebroadcast (signed by an active member).

/** Runs `fn`, turning a membership refusal into the command's NOTICE. */
async function refusing<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof MembershipRefusal) throw new CommandError(err.message);
    throw err;
  }
}

/** The signed request's author, who must be an active member; its params. */
async function member(ctx: CommandContext, payload: CommandPayload) {
  const req = authorise(payload, ctx.now());
  const m = await memberByPubkey(ctx.store, req.pubkey);
  if (!m || !isActive(m, ctx.now())) throw new MembershipRefusal('error: premium membership required');
  return req;
}

const leaderboardOf = (command: string) => (ctx: CommandContext, payload: CommandPayload) =>
  refusing(async () => {
    const answers = (await new MembershipService({ store: ctx.store, now: ctx.now }).run(command, payload)) ?? [];
    // the entries' profiles (kind 0 and the users' extras), as the client shows names and pictures
    const pubkeys = answers.flatMap((a) => (JSON.parse(a.content) as Array<{ pubkey: string }>).map((e) => e.pubkey));
    return [...answers.map((a) => ({ ...a })), ...(await userExtras(ctx.store, pubkeys))];
  });

/** Blob hashes in an upload URL (`…/<sha256>[.ext]`). */
const SHA_IN_URL = /([0-9a-f]{64})(?:\.[a-z0-9]+)?$/;

const kindsOf = (value: unknown): number[] | undefined =>
  Array.isArray(value) && value.every((k) => Number.isInteger(k)) ? (value as number[]) : undefined;

/** The user's stored events, of `kinds` if given (newest first). */
async function ownEvents(ctx: CommandContext, pubkey: string, kinds: number[] | undefined, limit = 10_000) {
  let q = ctx.store.db.selectFrom('events').selectAll().where('pubkey', '=', pubkey);
  if (kinds?.length) q = q.where('kind', 'in', kinds);
  const rows = await q.orderBy('created_at', 'desc').limit(limit).execute();
  return rows.map((r) => toEvent(r as Parameters<typeof toEvent>[0]));
}

/** Rebroadcasts in progress or done, by pubkey (this process). */
const rebroadcasts = new Map<string, { kinds: number[]; total: number; done: number; running: boolean }>();

/** Write relays of the user's relay list (kind 10002), else none. */
async function writeRelays(ctx: CommandContext, pubkey: string): Promise<string[]> {
  const [list] = await ownEvents(ctx, pubkey, [10002], 1);
  return (list?.tags ?? []).filter((t) => t[0] === 'r' && t[1] && t[2] !== 'read').map((t) => t[1] as string);
}

async function rebroadcast(ctx: CommandContext, pubkey: string, events: NostrEvent[], relays: string[]) {
  const state = rebroadcasts.get(pubkey);
  for (const event of events) {
    if (!state?.running) return;
    await ctx.publish(event, relays, 5000).catch(() => []);
    state.done += 1;
  }
  if (state) state.running = false;
}

const statusEvent = (pubkey: string) => {
  const s = rebroadcasts.get(pubkey);
  return synth(CacheKind.BroadcastStatus, {
    running: s?.running ?? false,
    status: s ? (s.running ? 'running' : 'done') : 'idle',
    progress: s && s.total > 0 ? s.done / s.total : 0,
    kinds: s?.kinds ?? [],
  });
};

/** The membership commands of the cache socket. */
export const membershipCacheCommands: CommandRecord = {
  membership_premium_leaderboard: leaderboardOf('membership_premium_leaderboard'),
  membership_legends_leaderboard: leaderboardOf('membership_legends_leaderboard'),
  membership_cohort_info: async (ctx, payload) => {
    const pubkeys = Array.isArray(payload.pubkeys) ? payload.pubkeys.filter((p) => typeof p === 'string') : [];
    if (pubkeys.length > 1000) throw new CommandError('invalid: at most 1000 pubkeys');
    return memberFacts(ctx.store, pubkeys as string[], ctx.now());
  },
  membership_media_management_stats: (ctx, payload) =>
    refusing(async () => {
      const { pubkey } = await member(ctx, payload);
      const blobs = (await ctx.uploads?.blobs.listOwned(pubkey)) ?? [];
      const sum = (test: (type: string) => boolean) =>
        blobs.filter((b) => test(b.type)).reduce((n, b) => n + b.size, 0);
      const video = sum((t) => t.startsWith('video/'));
      const image = sum((t) => t.startsWith('image/'));
      const other = sum((t) => !t.startsWith('video/') && !t.startsWith('image/'));
      return [synth(CacheKind.MediaStats, { video, image, other })];
    }),
  membership_media_management_uploads: (ctx, payload) =>
    refusing(async () => {
      const { pubkey, params } = await member(ctx, payload);
      const uploads = ctx.uploads;
      const blobs = (await uploads?.blobs.listOwned(pubkey)) ?? [];
      const until = typeof params.until === 'number' ? params.until : Number.POSITIVE_INFINITY;
      const offset = typeof params.offset === 'number' ? params.offset : 0;
      const limit = Math.min(typeof params.limit === 'number' ? params.limit : 20, 100);
      const page = blobs.filter((b) => b.uploaded <= until).slice(offset, offset + limit);
      return [
        synth(
          CacheKind.MediaList,
          page.map((b) => ({
            url: uploads ? uploads.blobs.urlOf(uploads.origin, b) : b.sha256,
            sha256: b.sha256,
            size: b.size,
            mimetype: b.type,
            created_at: b.uploaded,
          })),
        ),
      ];
    }),
  membership_media_management_delete: (ctx, payload) =>
    refusing(async () => {
      const { pubkey, params } = await member(ctx, payload);
      const sha = SHA_IN_URL.exec(typeof params.url === 'string' ? params.url : '')?.[1];
      if (!sha || !ctx.uploads) throw new MembershipRefusal('invalid: url is not one of your uploads');
      if (!(await ctx.uploads.blobs.release(sha, pubkey))) {
        throw new MembershipRefusal('invalid: url is not one of your uploads');
      }
      return [];
    }),
  membership_recovery_contact_lists: (ctx, payload) =>
    refusing(async () => {
      const { pubkey } = await member(ctx, payload);
      const lists = await contactLists(ctx.store, pubkey);
      const summary = lists.map((e) => ({
        event_id: e.id,
        created_at: e.created_at,
        follows_count: e.tags.filter((t) => t[0] === 'p').length,
      }));
      return [...lists.map((e) => ({ ...e })), synth(CacheKind.RecoveryContactLists, summary)];
    }),
  membership_content_stats: (ctx, payload) =>
    refusing(async () => {
      const { pubkey } = await member(ctx, payload);
      return [synth(CacheKind.ContentStats, await eventCountsByKind(ctx.store, pubkey))];
    }),
  membership_content_backup: (ctx, payload) =>
    refusing(async () => {
      const { pubkey, params } = await member(ctx, payload);
      return (await ownEvents(ctx, pubkey, kindsOf(params.kinds))).map((e) => ({ ...e }));
    }),
  membership_content_rebroadcast_start: (ctx, payload) =>
    refusing(async () => {
      const { pubkey, params } = await member(ctx, payload);
      if (rebroadcasts.get(pubkey)?.running) throw new MembershipRefusal('error: a rebroadcast is already running');
      const relays = await writeRelays(ctx, pubkey);
      if (relays.length === 0) throw new MembershipRefusal('error: your relay list has no write relays');
      const kinds = kindsOf(params.kinds) ?? [];
      const events = await ownEvents(ctx, pubkey, kinds);
      rebroadcasts.set(pubkey, { kinds, total: events.length, done: 0, running: true });
      void rebroadcast(ctx, pubkey, events, relays);
      return [statusEvent(pubkey)];
    }),
  membership_content_rebroadcast_cancel: (ctx, payload) =>
    refusing(async () => {
      const { pubkey } = await member(ctx, payload);
      const state = rebroadcasts.get(pubkey);
      if (state) state.running = false;
      return [statusEvent(pubkey)];
    }),
  rebroadcasting_status: (ctx, payload) =>
    refusing(async () => {
      const { pubkey } = await member(ctx, payload);
      // progress pushed every 2 s while it changes, until CLOSE
      ctx.live({ everyMs: 2000, minIntervalMs: 500, initial: false, produce: async () => [statusEvent(pubkey)] });
      return [statusEvent(pubkey)];
    }),
};
