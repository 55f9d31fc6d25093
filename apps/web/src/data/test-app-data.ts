import type { WebSocketConstructor, WebSocketLike } from '@tide/core/cache';
import { createSessionStore, type SessionStore } from '../state/session-store.ts';
import { AppActivity } from './app-activity.ts';
import { type AppData, createAppData } from './app-data.ts';

/** A socket that never opens: requests stay pending (for rendering screens without a service). */
class SilentSocket implements WebSocketLike {
  binaryType = 'arraybuffer';
  readonly readyState = 0;
  onopen = null;
  onclose = null;
  onerror = null;
  onmessage = null;
  send(): void {}
  close(): void {}
}

/** Timers that never fire (activity stays woke in tests unless a test drives it). */
const frozenTimers = { setTimeout: () => 0, clearTimeout: () => {} };

/**
 * A data layer for tests: a real service at `url` (pass the `ws` package as `WebSocket`), or a silent socket; its
 * own session store unless one is given.
 */
export function createTestAppData(
  url?: string,
  WebSocket?: WebSocketConstructor,
  session: SessionStore = createSessionStore('test'),
): AppData {
  return createAppData({
    url: url ?? 'ws://127.0.0.1:9/v1',
    appId: 'web_test_0',
    session,
    noBinary: false,
    WebSocket: url ? WebSocket : (SilentSocket as unknown as WebSocketConstructor),
    activity: new AppActivity({ timers: frozenTimers }),
  });
}
