import type { CommandClient } from '@tide/core/cache';
import { assemblePage, emptyPage, nextPageCursor, type OlderCursor, type Page, parseFeedRange } from '@tide/core/model';
import { type CacheEvent, CacheKind } from '@tide/core/nostr';
import { rememberMemberInfo } from './member-info.ts';

/** One fetched page as stored in the query cache: the raw events of the response(s). */
export interface RawPage {
  events: CacheEvent[];
}

/** Runs `run` with a client that records every event it receives, and returns those events. */
export async function captureEvents(
  client: CommandClient,
  run: (capturing: CommandClient) => Promise<unknown>,
): Promise<CacheEvent[]> {
  const events: CacheEvent[] = [];
  const capturing: CommandClient = {
    request: async (command, payload, options) => {
      const received = await client.request(command, payload, options);
      events.push(...received);
      return received;
    },
  };
  await run(capturing);
  return events;
}

/**
 * Merges raw pages into one page with core's assembler (items already loaded are skipped, so no duplicates), reusing
 * the previous fold when the new list only appends pages.
 */
export class PageFolder {
  private raws: readonly RawPage[] = [];
  private merged: Page = emptyPage();
  private counts: number[] = [];

  /** The merged page of `pages`. */
  fold(pages: readonly RawPage[]): Page {
    const reuse = this.raws.length <= pages.length && this.raws.every((raw, i) => raw === pages[i]);
    let merged = reuse ? this.merged : emptyPage();
    const counts = reuse ? [...this.counts] : [];
    for (const raw of pages.slice(reuse ? this.raws.length : 0)) {
      const before = merged.order.length;
      merged = assemblePage(raw.events, merged);
      counts.push(merged.order.length - before);
    }
    rememberMemberInfo(merged);
    this.raws = pages;
    this.merged = merged;
    this.counts = counts;
    return merged;
  }

  /** How many new items each page added in the last fold. */
  get addedPerPage(): readonly number[] {
    return this.counts;
  }
}

/** The cursor of the page after `pages`, or undefined when the last page was empty or the cursor would not move. */
export function nextCursorOf(folder: PageFolder, pages: readonly RawPage[], previous: OlderCursor | null) {
  const merged = folder.fold(pages);
  const last = pages[pages.length - 1];
  if (!last) return undefined;
  const range = last.events.find((e) => e.kind === CacheKind.FeedRange);
  const more = range ? parseFeedRange(range).elements.length > 0 : (folder.addedPerPage.at(-1) ?? 0) > 0;
  if (!more) return undefined;
  const cursor = nextPageCursor(merged);
  if (!cursor) return undefined;
  if (previous && cursor.until === previous.until && cursor.offset === previous.offset) return undefined;
  return cursor;
}
