import { createStore } from 'zustand/vanilla';
import type { UserRelayList } from './publish-types.ts';

/** Connection state of one relay as settings show it. */
export type RelayStatus = 'connected' | 'connecting' | 'disconnected';

/** The signed-in user's relay list as last loaded or published, and each relay's connection state. */
export interface RelayListState {
  /** Whose list this is. */
  pubkey: string | null;
  list: UserRelayList | null;
  loading: boolean;
  status: Record<string, RelayStatus>;
  setList: (pubkey: string, list: UserRelayList) => void;
  setLoading: (loading: boolean) => void;
  setStatus: (status: Record<string, RelayStatus>) => void;
  clear: () => void;
}

/** The page's relay-list store (filled by the publisher's lazy part). */
export const relayListStore = createStore<RelayListState>()((set) => ({
  pubkey: null,
  list: null,
  loading: false,
  status: {},
  setList: (pubkey, list) => set({ pubkey, list, loading: false }),
  setLoading: (loading) => set({ loading }),
  setStatus: (status) => set({ status }),
  clear: () => set({ pubkey: null, list: null, loading: false, status: {} }),
}));
