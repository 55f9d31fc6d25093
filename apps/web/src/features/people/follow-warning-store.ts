import { createStore } from 'zustand/vanilla';
import type { FollowOp } from './follow-actions.ts';

/** A follow change waiting for the user's answer to the follow warning (the list would end under 2 entries). */
export interface PendingFollow {
  op: FollowOp;
  targets: string[];
  /** How many accounts the list would follow. */
  count: number;
}

/** The follow warning dialog's state: the pending change, if any. */
export interface FollowWarningState {
  pending: PendingFollow | null;
  open: (pending: PendingFollow) => void;
  close: () => void;
}

/** One follow warning at a time, hosted by the main layout (the note menu that asked may be gone by then). */
export const followWarning = createStore<FollowWarningState>()((set) => ({
  pending: null,
  open: (pending) => set({ pending }),
  close: () => set({ pending: null }),
}));
