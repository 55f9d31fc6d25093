import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/** Sats the viewer zapped per note id in this page load, counted once the wallet confirmed the payment. */
export interface ZapOverlayState {
  sats: Record<string, number>;
  add: (id: string, sats: number) => void;
}

/** The page's confirmed-zap store (the counter moves at once; the caching service's count follows with the receipt). */
export const zapOverlay = createStore<ZapOverlayState>()((set, get) => ({
  sats: {},
  add: (id, sats) => set({ sats: { ...get().sats, [id]: (get().sats[id] ?? 0) + sats } }),
}));

/** Sats the viewer zapped to one note in this page load. */
export function useZappedSats(id: string): number {
  return useStore(zapOverlay, (s) => s.sats[id] ?? 0);
}
