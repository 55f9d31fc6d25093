import { decodeNip19, generateSecretKey, getPublicKey } from '@tide/core/nostr';
import { describe, expect, it } from 'vitest';
import type { PublishOptions, PublishResult, PublishTemplate } from '../publish/index.ts';
import { type FinishDeps, finishNewAccount, newAccountEvents } from './create-account-finish.ts';

const RELAY = 'ws://127.0.0.1:8787';

function fakeDeps(fail: number[] = []) {
  const calls: { template: PublishTemplate; options?: PublishOptions }[] = [];
  const signIns: { nsec: string; pin?: string }[] = [];
  const deps: FinishDeps = {
    signIn: async (nsec, pin) => {
      signIns.push({ nsec, pin });
    },
    publish: async (template, options) => {
      calls.push({ template, options });
      const success = !fail.includes(template.kind);
      const event = { ...template, id: 'id', pubkey: 'pk', sig: 'sig', created_at: 1 };
      return { success, outcome: success ? 'success' : 'failure', event } as unknown as PublishResult;
    },
    productRelay: async () => RELAY,
  };
  return { deps, calls, signIns };
}

describe('finishNewAccount', () => {
  it('signs in with the new key, then publishes relay list, profile and contacts to the product relay', async () => {
    const secretKey = generateSecretKey();
    const follows = ['a'.repeat(64), 'b'.repeat(64), 'a'.repeat(64)];
    const { deps, calls, signIns } = fakeDeps();
    const result = await finishNewAccount(
      {
        secretKey,
        profile: { name: 'new_user', displayName: 'New User', about: '', picture: 'https://x/y.png' },
        follows,
        pin: '2468',
      },
      deps,
    );
    expect(result).toMatchObject({ done: ['relays', 'profile', 'contacts'], profile: { kind: 0 } });
    expect(result.failed).toBeUndefined();
    expect(signIns).toHaveLength(1);
    const decoded = decodeNip19(signIns[0]!.nsec);
    expect(decoded.type).toBe('nsec');
    expect(getPublicKey(secretKey)).toBe(getPublicKey(decoded.data as string));
    expect(signIns[0]!.pin).toBe('2468');

    expect(calls.map((c) => c.template.kind)).toEqual([10002, 0, 3]);
    for (const call of calls) expect(call.options).toMatchObject({ relays: [RELAY], successMessage: null });
    expect(calls[0]!.template.tags).toEqual([['r', RELAY]]);
    expect(JSON.parse(calls[1]!.template.content)).toEqual({
      name: 'new_user',
      display_name: 'New User',
      displayName: 'New User',
      picture: 'https://x/y.png',
    });
    expect(calls[2]!.template.tags).toEqual([
      ['p', 'a'.repeat(64)],
      ['p', 'b'.repeat(64)],
    ]);
  });

  it('stops at the first failure and a retry publishes only what is left, without signing in again', async () => {
    const secretKey = generateSecretKey();
    const first = fakeDeps([0]);
    const account = { secretKey, profile: { name: 'x' }, follows: [] };
    const failed = await finishNewAccount(account, first.deps);
    expect(failed).toEqual({ done: ['relays'], failed: 'profile' });
    expect(first.calls.map((c) => c.template.kind)).toEqual([10002, 0]);

    const retry = fakeDeps();
    const ok = await finishNewAccount(account, retry.deps, failed.done);
    expect(ok).toMatchObject({ done: ['relays', 'profile', 'contacts'] });
    expect(retry.calls.map((c) => c.template.kind)).toEqual([0, 3]);
    expect(retry.signIns).toHaveLength(0);
  });

  it('without a product relay nothing is published', async () => {
    const { deps, calls } = fakeDeps();
    deps.productRelay = async () => null;
    expect(await finishNewAccount({ secretKey: generateSecretKey(), profile: {}, follows: [] }, deps)).toEqual({
      done: [],
      failed: 'relays',
    });
    expect(calls).toHaveLength(0);
  });

  it('an empty contact list is still published (no follows chosen)', () => {
    const events = newAccountEvents({ secretKey: generateSecretKey(), profile: { name: 'solo' }, follows: [] }, RELAY);
    expect(events.contacts).toEqual({ kind: 3, content: '', tags: [] });
  });
});
