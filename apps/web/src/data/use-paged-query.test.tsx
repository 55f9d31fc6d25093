import { act, renderHook, waitFor } from '@testing-library/react';
import { fetchMegaFeed } from '@tide/core/cache';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AppData } from './app-data.ts';
import { DataProvider } from './data-context.tsx';
import { createTestAppData } from './test-app-data.ts';
import { startTestServer, type TestServer } from './test-server.test-helper.ts';
import { useFutureNotes } from './use-future-notes.ts';
import { PAGE_SIZE, usePagedQuery } from './use-paged-query.ts';

const SPEC = '{"id":"all-notes","kind":"notes"}';
const NOW = Math.floor(Date.now() / 1000);
let test: TestServer;

beforeAll(async () => {
  test = await startTestServer();
  // 65 notes, newest first one minute apart, with three notes sharing the timestamp at the first page boundary.
  const times = Array.from({ length: 62 }, (_, i) => NOW - 600 - i * 60);
  times.splice(19, 0, times[19], times[19], times[19]);
  await test.addNotes(times);
}, 60_000);

afterAll(async () => {
  await test?.close();
});

function wrapperFor(data: AppData) {
  return ({ children }: { children: ReactNode }) => <DataProvider data={data}>{children}</DataProvider>;
}

function useAllNotes() {
  const feed = usePagedQuery(['all-notes'], (client, cursor, signal) =>
    fetchMegaFeed(client, { spec: SPEC, limit: PAGE_SIZE, ...(cursor ?? {}) }, { signal }),
  );
  const future = useFutureNotes(
    feed.page,
    (client, cursor) => fetchMegaFeed(client, { spec: SPEC, limit: 100, ...cursor }),
    { enabled: feed.status === 'success', intervalMs: 150 },
  );
  return { feed, future };
}

describe('usePagedQuery against a real caching service', () => {
  it('loads the first page of 20, then pages with until + offset, with no duplicates and none lost', async () => {
    const data = createTestAppData(test.server.url, WebSocket);
    const { result, unmount } = renderHook(() => useAllNotes(), { wrapper: wrapperFor(data) });
    await waitFor(() => expect(result.current.feed.page?.notes.length).toBe(20), { timeout: 10_000 });
    for (let i = 0; i < 3; i++) {
      const before = result.current.feed.page?.notes.length ?? 0;
      act(() => result.current.feed.fetchNextPage());
      await waitFor(() => expect(result.current.feed.page?.notes.length).toBeGreaterThan(before), { timeout: 10_000 });
    }
    act(() => result.current.feed.fetchNextPage());
    await waitFor(() => expect(result.current.feed.hasNextPage).toBe(false), { timeout: 10_000 });
    const notes = result.current.feed.page?.notes ?? [];
    const ids = notes.map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(65);
    const times = notes.map((n) => n.created_at);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    unmount();
    data.dispose();
  }, 60_000);

  it('counts future notes, and prepends them on demand', async () => {
    const data = createTestAppData(test.server.url, WebSocket);
    const { result, unmount } = renderHook(() => useAllNotes(), { wrapper: wrapperFor(data) });
    await waitFor(() => expect(result.current.feed.page?.notes.length).toBe(20), { timeout: 10_000 });
    expect(result.current.future.count).toBe(0);
    const fresh = await test.addNotes([NOW - 30, NOW - 20, NOW - 10]);
    await waitFor(() => expect(result.current.future.count).toBe(3), { timeout: 10_000 });
    act(() => result.current.feed.prepend(result.current.future.take()));
    await waitFor(() => expect(result.current.feed.page?.notes.length).toBe(23));
    const ids = result.current.feed.page?.notes.map((n) => n.id) ?? [];
    expect(ids.slice(0, 3)).toEqual(fresh.map((e) => e.id).reverse());
    expect(new Set(ids).size).toBe(23);
    expect(result.current.future.count).toBe(0);
    unmount();
    data.dispose();
  }, 60_000);

  it('recovers by itself after the server restarts: status back to connected, pages refetched without duplicates', async () => {
    const data = createTestAppData(test.server.url, WebSocket);
    const statuses: string[] = [];
    data.client.onStatus((s) => statuses.push(s));
    const { result, unmount } = renderHook(() => useAllNotes(), { wrapper: wrapperFor(data) });
    await waitFor(() => expect(result.current.feed.page?.notes.length).toBe(20), { timeout: 10_000 });
    act(() => result.current.feed.fetchNextPage());
    await waitFor(() => expect(result.current.feed.page?.notes.length).toBe(40), { timeout: 10_000 });
    await test.restart();
    await waitFor(() => expect(statuses.slice(-1)[0]).toBe('connected'), { timeout: 15_000 });
    expect(statuses).toContain('reconnecting');
    await waitFor(() => expect(result.current.feed.isRefetching).toBe(false), { timeout: 15_000 });
    const ids = result.current.feed.page?.notes.map((n) => n.id) ?? [];
    expect(ids.length).toBe(40);
    expect(new Set(ids).size).toBe(40);
    unmount();
    data.dispose();
  }, 60_000);
});
