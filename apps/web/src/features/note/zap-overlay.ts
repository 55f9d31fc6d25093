import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/** Zaps the viewer sent to one note in this page load: the count the note had before and the sats sent since. */
export interface ZapOverlayEntry {
  base: number;
  sent: number;
}

/** Sats the viewer zapped per note id in this page load, counted once the wallet confirmed the payment. */
export interface ZapOverlayState {
  byId: Record<string, ZapOverlayEntry>;
  /** Records a confirmed zap of `sats` on a note whose count was `base` when it was zapped. */
  add: (id: string, sats: number, base: number) => void;
}

/** The page's confirmed-zap store (the counter moves at once; the caching service's count follows with the receipt). */
export const zapOverlay = createStore<ZapOverlayState>()((set, get) => ({
  byId: {},
  add: (id, sats, base) => {
    const entry = get().byId[id];
    set({ byId: { ...get().byId, [id]: { base: entry?.base ?? base, sent: (entry?.sent ?? 0) + sats } } });
  },
}));

/**
 * The zap count to show: the service's count, or the count before the viewer's zaps plus them when that is higher.
 * Once the receipts reach the service its count includes them, so nothing is counted twice.
 */
export function shownZapSats(served: number, entry: ZapOverlayEntry | undefined): number {
  return entry ? Math.max(served, entry.base + entry.sent) : served;
}

/** The viewer's confirmed zaps on one note in this page load. */
export function useZapOverlay(id: string): ZapOverlayEntry | undefined {
  return useStore(zapOverlay, (s) => s.byId[id]);
}

/** A request from the note menu to open the custom zap dialog of one note (its id), handled by its zap button. */
export const zapDialogRequest = createStore<{ id: string | null }>()(() => ({ id: null }));

/** Asks the zap button of note `id` to open its custom zap dialog (the note menu's Zap item). */
export function requestZapDialog(id: string): void {
  zapDialogRequest.setState({ id });
}
