import type { CommandClient } from '@tide/core/cache';
import { type CacheEvent, CacheKind } from '@tide/core/nostr';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { createSessionStore } from '../state/session-store.ts';
import { memberInfoOf, rememberMember } from './member-info.ts';
import { followMembershipTier, lookupMembershipTier } from './membership-tier.ts';
import { createTestAppData } from './test-app-data.ts';
import { startTestServer, type TestServer } from './test-server.test-helper.ts';

const ME = 'a'.repeat(64);
const OTHER = 'b'.repeat(64);

const cohort = (pubkey: string, tier: string): CacheEvent => ({
  kind: CacheKind.MembershipCohortInfo,
  content: JSON.stringify({ [pubkey]: { cohort_1: 'Premium', cohort_2: 'Premium', tier, expires_on: 2e9 } }),
});
const legend = (pubkey: string): CacheEvent => ({
  kind: CacheKind.LegendCustomization,
  content: JSON.stringify({ [pubkey]: { style: 'TEAL', custom_badge: true, avatar_glow: true, in_leaderboard: true } }),
});

/** A client answering each request with `answer(payload)`; records every request. */
function fakeClient(answer: (payload: Record<string, unknown>) => Promise<CacheEvent[]>) {
  const calls: Array<{ command: string; payload: Record<string, unknown> }> = [];
  const client: CommandClient = {
    request: (command, payload = {}) => {
      calls.push({ command, payload: payload as Record<string, unknown> });
      return answer(payload as Record<string, unknown>);
    },
  };
  return { client, calls };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  rememberMember(ME, null);
  rememberMember(OTHER, null);
});

describe('membership tier lookup at sign-in', () => {
  it('asks membership_cohort_info (unsigned) for the user and remembers a premium member at once', async () => {
    const { client, calls } = fakeClient(async () => [cohort(ME, 'premium')]);
    const session = createSessionStore('test', { publicKey: ME, method: 'extension' });
    const stop = followMembershipTier(client, session);
    expect(session.getState().membershipTier).toBe('unknown');
    await flush();
    expect(calls).toEqual([{ command: 'membership_cohort_info', payload: { pubkeys: [ME] } }]);
    expect(session.getState().membershipTier).toBe('premium');
    expect(memberInfoOf(ME)?.tier).toBe('premium');
    stop();
  });

  it('knows a legend with their style, badge and glow', async () => {
    const { client } = fakeClient(async () => [cohort(ME, 'premium-legend'), legend(ME)]);
    expect(await lookupMembershipTier(client, ME)).toBe('premium-legend');
    expect(memberInfoOf(ME)).toEqual({ tier: 'premium-legend', style: 'TEAL', customBadge: true, avatarGlow: true });
  });

  it('an empty answer means none (and forgets an older membership of the user)', async () => {
    rememberMember(ME, { tier: 'premium' });
    const { client } = fakeClient(async () => []);
    const session = createSessionStore('test', { publicKey: ME, method: 'nsec' });
    followMembershipTier(client, session);
    await flush();
    expect(session.getState().membershipTier).toBe('none');
    expect(memberInfoOf(ME)).toBeUndefined();
  });

  it('a failed lookup leaves the tier unknown (not a member), throws nothing and keeps the user signed in', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    const { client } = fakeClient(() => Promise.reject(new Error('socket closed')));
    const session = createSessionStore('test', { publicKey: ME, method: 'nip46' });
    followMembershipTier(client, session);
    await flush();
    await flush();
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
    expect(session.getState().membershipTier).toBe('unknown');
    expect(session.getState().publicKey).toBe(ME);
    expect(memberInfoOf(ME)).toBeUndefined();
  });

  it('a failed lookup is asked again once the caching service connects again', async () => {
    let fail = true;
    const { client, calls } = fakeClient(() =>
      fail ? Promise.reject(new Error('unreachable')) : Promise.resolve([cohort(ME, 'premium')]),
    );
    const session = createSessionStore('test', { publicKey: ME, method: 'nsec' });
    session.getState().setCacheStatus('reconnecting');
    followMembershipTier(client, session);
    await flush();
    expect(session.getState().membershipTier).toBe('unknown');
    fail = false;
    session.getState().setCacheStatus('connected');
    await flush();
    expect(calls).toHaveLength(2);
    expect(session.getState().membershipTier).toBe('premium');
    session.getState().setCacheStatus('reconnecting');
    session.getState().setCacheStatus('connected');
    expect(calls).toHaveLength(2);
  });

  it('follows sign-in, another user and logout; a late answer for the previous user is ignored', async () => {
    const answers = new Map<string, (events: CacheEvent[]) => void>();
    const { client, calls } = fakeClient(
      (payload) => new Promise((resolve) => answers.set((payload.pubkeys as string[])[0] ?? '', resolve)),
    );
    const session = createSessionStore('test');
    followMembershipTier(client, session);
    expect(calls).toHaveLength(0);
    session.getState().setAccount({ publicKey: ME, method: 'nsec' });
    session.getState().setAccount({ publicKey: OTHER, method: 'nsec' });
    answers.get(OTHER)?.([]);
    await flush();
    expect(session.getState().membershipTier).toBe('none');
    answers.get(ME)?.([cohort(ME, 'premium')]);
    await flush();
    expect(session.getState().membershipTier).toBe('none');
    session.getState().setAccount({ publicKey: null, method: null });
    expect(session.getState().membershipTier).toBe('unknown');
    expect(calls.map((c) => c.payload.pubkeys)).toEqual([[ME], [OTHER]]);
  });
});

describe('membership tier lookup against the real caching service', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, 30_000);
  afterAll(async () => {
    await server?.close();
  });

  it('a user who never bought premium is none', async () => {
    const data = createTestAppData(server.server.url, WebSocket as never);
    try {
      expect(await lookupMembershipTier(data.client, ME, 10_000)).toBe('none');
    } finally {
      data.dispose();
    }
  });
});
