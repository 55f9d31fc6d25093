import { useStore } from 'zustand';
import type { ToastStore } from '../state/toast-store.ts';
import { ToastViewport } from '../ui/toast-viewport.tsx';

/** Props of {@link ToastRegion}. */
export interface ToastRegionProps {
  store: ToastStore;
  /** Accessible name of the dismiss buttons. */
  dismissLabel: string;
  /** Accessible name of the region. */
  label: string;
}

/** The app's toast region: the toast store's toasts in the design system's {@link ToastViewport}. */
export function ToastRegion({ store, dismissLabel, label }: ToastRegionProps) {
  const toasts = useStore(store, (s) => s.toasts);
  const dismiss = useStore(store, (s) => s.dismiss);
  return <ToastViewport toasts={toasts} onDismiss={dismiss} dismissLabel={dismissLabel} label={label} />;
}
