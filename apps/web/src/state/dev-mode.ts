import { readStorage, STORAGE_KEYS } from './storage.ts';

/** True when `localStorage.devMode === 'true'` (spec §2). */
export function isDevMode(): boolean {
  return readStorage(STORAGE_KEYS.devMode) === 'true';
}

/** What dev mode puts on `window.tide`. */
export interface DevHandle<S> {
  stores: S;
  version: string;
  appId: string;
}

declare global {
  interface Window {
    tide?: DevHandle<unknown>;
  }
}

/** In dev mode, exposes the stores as `window.tide` and returns true; otherwise does nothing. */
export function exposeInDevMode<S>(handle: DevHandle<S>, target: Window = window): boolean {
  if (!isDevMode()) return false;
  target.tide = handle;
  return true;
}

/** Logs only in dev mode (decode failures, socket errors and the like). */
export function devLog(...args: unknown[]): void {
  if (isDevMode()) console.debug('[tide]', ...args);
}
