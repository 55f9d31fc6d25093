import { describe, expect, it } from 'vitest';
import { createSessionStore } from '../state/session-store.ts';
import { AppActivity, INACTIVITY_MS, WAKING_MS } from './app-activity.ts';
import { createAppData } from './app-data.ts';

/** Manual timers: `advance(ms)` fires what is due. */
function manualTimers() {
  let now = 0;
  let next = 1;
  const pending = new Map<number, { at: number; fn: () => void }>();
  return {
    timers: {
      setTimeout: (fn: () => void, ms: number) => {
        const id = next++;
        pending.set(id, { at: now + ms, fn });
        return id;
      },
      clearTimeout: (id: unknown) => {
        pending.delete(id as number);
      },
    },
    advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = [...pending.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        pending.delete(due[0]);
        now = due[1].at;
        due[1].fn();
      }
      now = end;
    },
  };
}

describe('AppActivity (spec §4)', () => {
  it('sleeps after 5 minutes without activity, wakes on activity and is woke again 36 s later', () => {
    const clock = manualTimers();
    const activity = new AppActivity({ timers: clock.timers });
    const seen: string[] = [];
    activity.onChange((s) => seen.push(s));
    clock.advance(INACTIVITY_MS - 1);
    expect(activity.state).toBe('woke');
    clock.advance(1);
    expect(activity.state).toBe('sleep');
    activity.touch();
    expect(activity.state).toBe('waking');
    clock.advance(WAKING_MS - 1);
    expect(activity.state).toBe('waking');
    clock.advance(1);
    expect(seen).toEqual(['sleep', 'waking', 'woke']);
  });

  it('activity restarts the inactivity timer', () => {
    const clock = manualTimers();
    const activity = new AppActivity({ timers: clock.timers });
    clock.advance(INACTIVITY_MS - 1000);
    activity.touch();
    clock.advance(INACTIVITY_MS - 1000);
    expect(activity.state).toBe('woke');
    clock.advance(1000);
    expect(activity.state).toBe('sleep');
  });

  it('the data layer disconnects the socket on sleep and reconnects on waking; the session store follows', () => {
    const clock = manualTimers();
    const activity = new AppActivity({ timers: clock.timers });
    const session = createSessionStore('test');
    const opened: string[] = [];
    class FakeSocket {
      binaryType = '';
      readyState = 0;
      onopen = null;
      onclose = null;
      onerror = null;
      onmessage = null;
      constructor(url: string) {
        opened.push(url);
      }
      send() {}
      close() {}
    }
    const data = createAppData({
      url: 'ws://cache.test/v1',
      appId: 'web_t_1',
      session,
      activity,
      WebSocket: FakeSocket,
    });
    data.client.connect();
    expect(opened).toHaveLength(1);
    clock.advance(INACTIVITY_MS);
    expect(session.getState().activity).toBe('sleep');
    expect(data.client.status).toBe('disconnected');
    expect(session.getState().cacheStatus).toBe('disconnected');
    activity.touch();
    expect(session.getState().activity).toBe('waking');
    expect(opened).toHaveLength(2);
    data.dispose();
  });
});
