import { describe, expect, it } from 'vitest';
import type { CacheEvent } from '../../nostr/index.ts';
import type { CommandClient } from './command-helpers.ts';
import { fetchEventZaps } from './content.ts';
import { fetchEventActors, isLikeReaction } from './reactions.ts';

const hex = (c: string) => c.repeat(64);
const clientAnswering = (events: CacheEvent[]): CommandClient => ({ request: async () => events });
const reaction = (c: string, content: string): CacheEvent => ({
  kind: 7,
  id: hex(c),
  pubkey: hex(c === 'a' ? 'b' : 'c'),
  content,
  tags: [['e', hex('f')]],
});

describe('reactions window commands', () => {
  it('counts what the server counts as a like', () => {
    expect(['', '+', '🤙', '❤️', '\uFE0F'].every(isLikeReaction)).toBe(true);
    expect(['-', '🔥', '😂', '🫡'].some(isLikeReaction)).toBe(false);
  });

  it('lists likes only, in the server order, with their authors', async () => {
    const events = [reaction('a', '+'), reaction('d', '🔥'), reaction('e', '-'), reaction('9', '❤️')];
    const { actors } = await fetchEventActors(clientAnswering(events), { event_id: hex('f'), kind: 7 });
    expect(actors.map((a) => a.id)).toEqual([hex('a'), hex('9')]);
  });

  it('keeps every zap of a list whose answer does not carry the zapped note', async () => {
    const request = {
      kind: 9734,
      pubkey: hex('b'),
      content: 'hi',
      tags: [
        ['e', hex('f')],
        ['p', hex('c')],
      ],
    };
    const receipt: CacheEvent = {
      kind: 9735,
      id: hex('1'),
      pubkey: hex('d'),
      created_at: 5,
      tags: [
        ['e', hex('f')],
        ['p', hex('c')],
        ['bolt11', 'lnbc210n1xxx'],
        ['description', JSON.stringify(request)],
      ],
    };
    const client = clientAnswering([receipt]);
    expect((await fetchEventZaps(client, { event_id: hex('f') })).zaps).toEqual([]);
    const told = await fetchEventZaps(client, { event_id: hex('f') }, { kinds: { [hex('f')]: 1 } });
    expect(told.zaps.map((z) => [z.id, z.sender, z.message])).toEqual([[hex('1'), hex('b'), 'hi']]);
  });
});
