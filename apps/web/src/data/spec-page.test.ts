import type { CommandClient } from '@tide/core/cache';
import { describe, expect, it, vi } from 'vitest';
import { fetchSpecPage, pageParams } from './spec-page.ts';

describe('pageParams', () => {
  it('asks for 20 items, from the newest without a cursor', () => {
    expect(pageParams(undefined)).toEqual({ limit: 20 });
  });

  it('pages older with until and offset from the cursor', () => {
    expect(pageParams({ until: 1700000000, offset: 3 })).toEqual({ limit: 20, until: 1700000000, offset: 3 });
  });
});

describe('fetchSpecPage', () => {
  it('sends the spec, the paging fields and the viewer only when signed in', async () => {
    const calls: unknown[] = [];
    const client = {
      request: vi.fn((command: string, payload: unknown) => {
        calls.push([command, payload]);
        return Promise.resolve([]);
      }),
    } as unknown as CommandClient;
    await fetchSpecPage(client, '{"id":"latest"}', { until: 5, offset: 1 }, 'ab'.repeat(32), 'home_feed');
    await fetchSpecPage(client, '{"id":"latest"}', undefined, null, 'home_feed');
    const payloads = calls.map((c) => (c as [string, Record<string, unknown>])[1]);
    expect(payloads[0]).toMatchObject({
      spec: '{"id":"latest"}',
      limit: 20,
      until: 5,
      offset: 1,
      user_pubkey: 'ab'.repeat(32),
    });
    expect(payloads[1]).not.toHaveProperty('user_pubkey');
    expect(payloads[1]).not.toHaveProperty('until');
  });
});
