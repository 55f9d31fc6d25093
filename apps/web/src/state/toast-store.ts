import { createStore } from 'zustand/vanilla';

/** How a toast looks: info, success or error. */
export type ToastKind = 'info' | 'success' | 'error';

/** One toast on screen. */
export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  durationMs: number;
}

/** Default toast time (spec §8). */
export const TOAST_DEFAULT_MS = 4000;
/** Success and "not yet available" toasts stay shorter (spec §8). */
export const TOAST_SHORT_MS = 2000;

/** Options of one toast. */
export interface ShowToast {
  kind?: ToastKind;
  message: string;
  /** Overrides the kind's default duration. */
  durationMs?: number;
}

/** The app's single toast system. */
export interface ToastState {
  toasts: Toast[];
  show: (toast: ShowToast) => number;
  /** The info toast for features that are not available yet (2000 ms). */
  notAvailable: (message: string) => number;
  dismiss: (id: number) => void;
}

/** The duration a toast of this kind gets when none is given. */
export function defaultDuration(kind: ToastKind): number {
  return kind === 'success' ? TOAST_SHORT_MS : TOAST_DEFAULT_MS;
}

/** Builds a toast store; timers dismiss each toast after its duration. */
export function createToastStore() {
  let nextId = 1;
  return createStore<ToastState>()((set, get) => ({
    toasts: [],
    show: ({ kind = 'info', message, durationMs }) => {
      const id = nextId++;
      const toast: Toast = { id, kind, message, durationMs: durationMs ?? defaultDuration(kind) };
      set({ toasts: [...get().toasts, toast] });
      setTimeout(() => get().dismiss(id), toast.durationMs);
      return id;
    },
    notAvailable: (message) => get().show({ kind: 'info', message, durationMs: TOAST_SHORT_MS }),
    dismiss: (id) => set({ toasts: get().toasts.filter((t) => t.id !== id) }),
  }));
}

/** The toast store type. */
export type ToastStore = ReturnType<typeof createToastStore>;
