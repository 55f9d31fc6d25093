import type { CommandClient } from '@tide/core/cache';
import { parseMediaInfo } from '@tide/core/model';
import { type CacheEvent, CacheKind } from '@tide/core/nostr';

/*
 * Small copies of pictures for avatars. Answers list the sizes of the media they mention in kind 10000119 (user
 * infos, profiles and every note bundle's authors included); the app's commands client hands every answer to
 * `rememberAvatarVariants`, and `Avatar` shows the 's' copy of a picture when one was listed (spec: small images for
 * small avatars), else the picture itself.
 */

/** At most this many pictures are remembered (oldest forgotten first). */
export const MAX_REMEMBERED_VARIANTS = 5000;

const small = new Map<string, string>();

/** Remembers the 's' variant of every picture the 10000119 objects of an answer list. */
export function rememberAvatarVariants(events: readonly CacheEvent[]): void {
  for (const event of events) {
    if (event.kind !== CacheKind.MediaInfo) continue;
    for (const [url, variants] of Object.entries(parseMediaInfo(event).variants)) {
      const variant = variants.find((v) => v.s === 's' && v.media_url);
      if (!variant || small.get(url) === variant.media_url) continue;
      small.delete(url);
      if (small.size >= MAX_REMEMBERED_VARIANTS) small.delete(small.keys().next().value as string);
      small.set(url, variant.media_url);
    }
  }
}

/** The small copy of a picture when an answer listed one, else undefined. */
export function smallVariantOf(url: string | null | undefined): string | undefined {
  return url ? small.get(url) : undefined;
}

/** Forgets every remembered variant (tests, sign-out is not needed: pictures are public). */
export function forgetAvatarVariants(): void {
  small.clear();
}

/** Wraps a commands client so the media variants of every answer are remembered before the caller sees it. */
export function avatarVariantsClient(client: CommandClient): CommandClient {
  return {
    request: async (command, payload, options) => {
      const events = await client.request(command, payload, options);
      rememberAvatarVariants(events);
      return events;
    },
  };
}
