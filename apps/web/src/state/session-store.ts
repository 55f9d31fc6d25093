import { type CacheStatus, makeAppId } from '@tide/core/cache';
import { createStore } from 'zustand/vanilla';
import type { ActivityState } from '../data/app-activity.ts';

/** Who is using the app and how the app reaches its data. */
export interface SessionState {
  /** Session id `web_<version>_<random>` of this page load. */
  appId: string;
  /** The signed-in user's public key (hex); null for a guest. */
  publicKey: string | null;
  /** Caching-service status; `idle` until a screen needs data. */
  cacheStatus: CacheStatus;
  setCacheStatus: (status: CacheStatus) => void;
  /** App activity (spec §4): woke, sleep after 5 minutes without activity, waking for 36 s after it resumes. */
  activity: ActivityState;
  setActivity: (activity: ActivityState) => void;
}

/** Builds the session store for one page load. */
export function createSessionStore(version: string) {
  return createStore<SessionState>()((set) => ({
    appId: makeAppId(version),
    publicKey: null,
    cacheStatus: 'idle',
    setCacheStatus: (cacheStatus) => set({ cacheStatus }),
    activity: 'woke',
    setActivity: (activity) => set({ activity }),
  }));
}

/** The session store type. */
export type SessionStore = ReturnType<typeof createSessionStore>;
