import { readStorage, writeStorage } from '../../state/storage.ts';

/** How many recently used emoji are kept (spec §9: emoji history 40). */
export const EMOJI_HISTORY_LIMIT = 40;

/** The localStorage item of a user's emoji history (per public key, `anonymous` without one). */
export function emojiHistoryKey(pubkey: string | null): string {
  return `emojiHistory:${pubkey ?? 'anonymous'}`;
}

/** The user's recently used emoji, most recent first. */
export function readEmojiHistory(pubkey: string | null): string[] {
  try {
    const list = JSON.parse(readStorage(emojiHistoryKey(pubkey)) ?? '[]') as unknown;
    return Array.isArray(list)
      ? list.filter((e): e is string => typeof e === 'string').slice(0, EMOJI_HISTORY_LIMIT)
      : [];
  } catch {
    return [];
  }
}

/** Puts `emoji` first in the history (once), keeping at most 40; returns the new list. */
export function rememberEmoji(pubkey: string | null, emoji: string): string[] {
  const next = [emoji, ...readEmojiHistory(pubkey).filter((e) => e !== emoji)].slice(0, EMOJI_HISTORY_LIMIT);
  writeStorage(emojiHistoryKey(pubkey), JSON.stringify(next));
  return next;
}
