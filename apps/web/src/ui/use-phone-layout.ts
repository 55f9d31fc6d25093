import { useSyncExternalStore } from 'react';

/** The phone layout's media query (the width below which the side columns fold away; see screen.module.css). */
export const PHONE_QUERY = '(max-width: 719px)';

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const list = window.matchMedia(PHONE_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const isPhone = () => typeof window !== 'undefined' && !!window.matchMedia?.(PHONE_QUERY).matches;

/** True while the window is phone-sized (re-renders when that changes). */
export function usePhoneLayout(): boolean {
  return useSyncExternalStore(subscribe, isPhone, () => false);
}
