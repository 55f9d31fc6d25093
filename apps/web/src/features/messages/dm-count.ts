import { subscribeDmCount } from '@tide/core/cache';
import { useStore } from 'zustand';
import { createLiveCount, useLiveCount } from '../../data/live-count.ts';

const dmCount = createLiveCount((client, pubkey, push) => subscribeDmCount(client, pubkey, push));

/** The live unread direct-message count (`directmsg_count`) of the signed-in user; null when not known. */
export const dmCountStore = dmCount.store;

/** Keeps one `directmsg_count` subscription open while any caller wants it; returns the count, null while unknown. */
export function useDmCountLive(): number | null {
  return useLiveCount(dmCount);
}

/** How many `directmsg_count` pushes arrived (changes when a message comes in or is read). */
export function useDmCountChanges(): number {
  return useStore(dmCountStore, (s) => s.changes);
}
