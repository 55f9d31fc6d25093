import { renderHook, waitFor } from '@testing-library/react';
import { assemblePage } from '@tide/core/model';
import { CacheKind } from '@tide/core/nostr';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { stores } from '../state/stores.ts';
import { DataProvider } from './data-context.tsx';
import { createTestAppData } from './test-app-data.ts';
import { useFutureNotes } from './use-future-notes.ts';

const data = createTestAppData();
const wrapper = ({ children }: { children: ReactNode }) => <DataProvider data={data}>{children}</DataProvider>;

function pageSortedBy(sortBy: string) {
  const note = {
    id: 'a'.repeat(64),
    pubkey: 'b'.repeat(64),
    kind: 1,
    created_at: 1000,
    tags: [],
    content: 'x',
    sig: 's',
  };
  const range = {
    kind: CacheKind.FeedRange,
    content: JSON.stringify({ since: 1000, until: 1000, order_by: sortBy, elements: [note.id] }),
  };
  return assemblePage([note, range]);
}

function countChecks(sortBy: string) {
  let checks = 0;
  const page = pageSortedBy(sortBy);
  renderHook(
    () =>
      useFutureNotes(
        page,
        async () => {
          checks++;
        },
        { enabled: true, intervalMs: 20 },
      ),
    { wrapper },
  );
  return () => checks;
}

afterEach(() => stores.session.getState().setActivity('woke'));

describe('future notes polling', () => {
  it('checks while woke and sorted by created_at', async () => {
    const checks = countChecks('created_at');
    // every 20 ms: waits for the first check rather than assuming one within a fixed time (a loaded machine)
    await waitFor(() => expect(checks()).toBeGreaterThan(0), { timeout: 10_000 });
  });

  it('does not check for feeds sorted by anything else', async () => {
    const checks = countChecks('score');
    await new Promise((r) => setTimeout(r, 200));
    expect(checks()).toBe(0);
  });

  it('stops while the app sleeps', async () => {
    stores.session.getState().setActivity('sleep');
    const checks = countChecks('created_at');
    await new Promise((r) => setTimeout(r, 200));
    expect(checks()).toBe(0);
  });
});
