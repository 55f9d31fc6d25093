import { type CacheEvent, Kind } from '@tide/core/nostr';
import { CommandError } from './context.ts';
import {
  boolArg,
  currentReplaceable,
  isHex64,
  type Payload,
  type PeopleContext,
  requireHex,
  type StoredEvent,
  userInfos,
} from './people-common.ts';

/** Pubkeys of plain `p` items (two-element tags or tags carrying a scope list) of list events. */
function listedPubkeys(events: StoredEvent[]): string[] {
  const out = new Set<string>();
  for (const event of events) {
    for (const tag of event.tags) if (tag[0] === 'p' && isHex64(tag[1])) out.add(tag[1]);
  }
  return [...out];
}

async function listAnswer(ctx: PeopleContext, payload: Payload, events: Array<StoredEvent | undefined>) {
  const present = events.filter((e): e is StoredEvent => e !== undefined);
  if (present.length === 0) return [];
  if (!boolArg(payload, 'extended_response', true)) return present;
  return [...present, ...(await userInfos(ctx.store, listedPubkeys(present)))];
}

/** mutelist {pubkey, extended_response=true}: kind 10000 and legacy 30000 d=mute, plus user_infos of muted users. */
export async function mutelist(ctx: PeopleContext, payload: Payload): Promise<CacheEvent[]> {
  const pubkey = requireHex(payload, 'pubkey');
  return listAnswer(ctx, payload, [
    await currentReplaceable(ctx.store, pubkey, Kind.MuteList),
    await currentReplaceable(ctx.store, pubkey, Kind.CategorizedPeople, 'mute'),
  ]);
}

/** mutelists {pubkey, extended_response}: kind 30000 d=mutelists (subscribed filter lists) plus user_infos. */
export async function mutelists(ctx: PeopleContext, payload: Payload): Promise<CacheEvent[]> {
  const pubkey = requireHex(payload, 'pubkey');
  return listAnswer(ctx, payload, [await currentReplaceable(ctx.store, pubkey, Kind.CategorizedPeople, 'mutelists')]);
}

/** allowlist {pubkey, extended_response}: kind 30000 d=allowlist plus user_infos. */
export async function allowlist(ctx: PeopleContext, payload: Payload): Promise<CacheEvent[]> {
  const pubkey = requireHex(payload, 'pubkey');
  return listAnswer(ctx, payload, [await currentReplaceable(ctx.store, pubkey, Kind.CategorizedPeople, 'allowlist')]);
}

/** parameterized_replaceable_list {pubkey, identifier, extended_response}: kind 30000 with that d tag. */
export async function parameterizedReplaceableList(ctx: PeopleContext, payload: Payload): Promise<CacheEvent[]> {
  const pubkey = requireHex(payload, 'pubkey');
  const identifier = payload?.identifier;
  if (typeof identifier !== 'string') throw new CommandError('invalid identifier');
  return listAnswer(ctx, payload, [await currentReplaceable(ctx.store, pubkey, Kind.CategorizedPeople, identifier)]);
}

/** get_bookmarks {pubkey}: the user's current kind-10003 event. */
export async function getBookmarks(ctx: PeopleContext, payload: Payload): Promise<CacheEvent[]> {
  const pubkey = requireHex(payload, 'pubkey');
  const event = await currentReplaceable(ctx.store, pubkey, Kind.Bookmarks);
  return event ? [event] : [];
}

/** Handlers of the list commands. */
export const peopleListsCommands = {
  mutelist,
  mutelists,
  allowlist,
  parameterized_replaceable_list: parameterizedReplaceableList,
  get_bookmarks: getBookmarks,
};
