import type { EventTemplate, NostrEvent } from '@tide/core/nostr';
import { describe, expect, it, vi } from 'vitest';
import { changeFollows } from './follow-actions.ts';
import { changeFilterLists, changeMute } from './list-actions.ts';
import type { ListIo } from './list-io.ts';

const me = 'a'.repeat(64);
const bob = 'b'.repeat(64);
const carol = 'c'.repeat(64);

function fakeIo(latest: ListIo['fetchLatest'], ok = true) {
  const published: EventTemplate[] = [];
  const io: ListIo = {
    self: me,
    fetchLatest: latest,
    publish: vi.fn(async (template: EventTemplate) => {
      published.push(template);
      return ok ? { success: true, event: { ...template, pubkey: me, id: 'x', sig: 'y' } as NostrEvent } : null;
    }),
  };
  return { io, published };
}

const options = () => ({ failure: 'Failed to complete the follow', onError: vi.fn() });

describe('changeFollows', () => {
  it('fetches the latest list first and publishes it with the target added', async () => {
    const fetchLatest = vi.fn(async () => ({ tags: [['p', bob]], content: '{"wss://r":{}}' }));
    const { io, published } = fakeIo(fetchLatest);
    const outcome = await changeFollows(io, 'follow', [carol], options());
    expect(fetchLatest).toHaveBeenCalledWith(3);
    expect(outcome.status).toBe('published');
    expect(published[0]).toMatchObject({
      kind: 3,
      content: '{"wss://r":{}}',
      tags: [
        ['p', bob],
        ['p', carol],
      ],
    });
  });

  it('asks first (warn) when an existing list would end under 2 entries, publishes when forced', async () => {
    const { io, published } = fakeIo(async () => ({ tags: [], content: '' }));
    expect((await changeFollows(io, 'follow', [bob], options())).status).toBe('warn');
    expect(published).toHaveLength(0);
    expect((await changeFollows(io, 'follow', [bob], { ...options(), force: true })).status).toBe('published');
    expect(published[0]?.tags).toEqual([['p', bob]]);
  });

  it('publishes [target] when there is no list yet', async () => {
    const { io, published } = fakeIo(async () => null);
    expect((await changeFollows(io, 'follow', [bob], options())).status).toBe('published');
    expect(published[0]?.tags).toEqual([['p', bob]]);
  });

  it('never overwrites a list it could not read: failure toast, nothing published', async () => {
    const { io, published } = fakeIo(async () => {
      throw new Error('offline');
    });
    const opts = options();
    expect((await changeFollows(io, 'unfollow', [bob], opts)).status).toBe('failed');
    expect(opts.onError).toHaveBeenCalledWith('Failed to complete the follow');
    expect(published).toHaveLength(0);
  });

  it('reports failure when no relay confirmed (the publisher told the user)', async () => {
    const { io } = fakeIo(
      async () => ({
        tags: [
          ['p', bob],
          ['p', carol],
        ],
        content: '',
      }),
      false,
    );
    const opts = options();
    expect((await changeFollows(io, 'follow', [me.replace('a', 'd')], opts)).status).toBe('failed');
    expect(opts.onError).not.toHaveBeenCalled();
  });

  it('does nothing for an account already followed', async () => {
    const { io, published } = fakeIo(async () => ({ tags: [['p', bob]], content: '' }));
    expect((await changeFollows(io, 'follow', [bob], options())).status).toBe('unchanged');
    expect(published).toHaveLength(0);
  });
});

describe('list changes', () => {
  const messages = () => ({ failure: 'f', timeout: 't', onError: vi.fn() });

  it('mutes on the latest kind 10000, keeping its private content', async () => {
    const fetchLatest = vi.fn(async () => ({ tags: [['word', 'gm']], content: 'secret' }));
    const { io, published } = fakeIo(fetchLatest);
    expect((await changeMute(io, { type: 'user', pubkey: bob }, true, messages())).status).toBe('published');
    expect(fetchLatest).toHaveBeenCalledWith(10000, undefined);
    expect(published[0]).toMatchObject({
      kind: 10000,
      content: 'secret',
      tags: [
        ['word', 'gm'],
        ['p', bob],
      ],
    });
    expect((await changeMute(io, { type: 'word', word: 'GM' }, true, messages())).status).toBe('unchanged');
  });

  it('follows a mute list on the filter lists with the own entry', async () => {
    const fetchLatest = vi.fn(async () => null);
    const { io, published } = fakeIo(fetchLatest);
    expect((await changeFilterLists(io, { op: 'add', pubkey: bob }, messages())).status).toBe('published');
    expect(fetchLatest).toHaveBeenCalledWith(30000, 'mutelists');
    expect(published[0]?.tags.map((t) => t[1])).toEqual(['mutelists', me, bob]);
  });
});
