import { assemblePage, type Page } from '../../model/index.ts';
import { Kind } from '../../nostr/index.ts';
import { type CommandClient, compact, type EventTarget, type PageOptions } from './command-helpers.ts';

/**
 * Reaction content the caching service counts as a like (semantics §1.4): empty, or starting with 🤙, +, ❤ or
 * U+FE0F. '-' and other emoji are reactions but not likes, and are not in a note's like count.
 */
export function isLikeReaction(content: string): boolean {
  if (content === '') return true;
  const first = String.fromCodePoint(content.codePointAt(0) ?? 0);
  return first === '+' || first === '🤙' || first === '❤' || first === '\uFE0F';
}

/** One person who liked or reposted an event: the action's id, its author and its content. */
export interface EventActor {
  id: string;
  pubkey: string;
  content: string;
}

/** Who acted on an event, in the server's order, with their profiles. */
export interface EventActors {
  actors: EventActor[];
  page: Page;
}

/**
 * `event_actions` as the reactions window shows it: the reposts (kind 6), or the likes (kind 7 whose content is a
 * like: the server's like counter leaves '-' and other emoji out, so the list does too).
 */
export async function fetchEventActors(
  client: CommandClient,
  params: EventTarget & { kind: 6 | 7; limit?: number; offset?: number },
  options: PageOptions = {},
): Promise<EventActors> {
  const events = await client.request('event_actions', compact({ limit: 20, offset: 0, ...params }), options);
  const actors: EventActor[] = [];
  for (const e of events) {
    if (e.kind !== params.kind || typeof e.pubkey !== 'string' || typeof e.id !== 'string') continue;
    const content = typeof e.content === 'string' ? e.content : '';
    if (params.kind === Kind.Reaction && !isLikeReaction(content)) continue;
    actors.push({ id: e.id, pubkey: e.pubkey, content });
  }
  return { actors, page: assemblePage(events, undefined, { logger: options.logger }) };
}
