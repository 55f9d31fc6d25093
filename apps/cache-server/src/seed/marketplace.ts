import type { NostrEvent } from '@tide/core/nostr';
import { Kind } from '@tide/core/nostr';
import { profileImageNames, type SeedWorld, signAs } from './world.ts';

/** How many events marketplaceEvents writes. */
export const MARKETPLACE_EVENTS = 5;

interface FeedHandler {
  d: string;
  name: string;
  about: string;
  spec: string;
  kind: number;
}

const HANDLERS: readonly FeedHandler[] = [
  {
    d: 'tide-trending',
    name: 'Trending on Tide',
    about: 'Notes with the most interactions in the last 24 hours',
    spec: '{"id":"global-trending","kind":"notes","hours":24}',
    kind: Kind.Text,
  },
  {
    d: 'tide-pictures',
    name: 'Pictures',
    about: 'Recent notes with pictures',
    spec: '{"id":"explore-media","kind":"notes"}',
    kind: Kind.Text,
  },
  {
    d: 'tide-reads',
    name: 'All Reads',
    about: 'Every article, newest first',
    spec: '{"kind":"reads","minwords":100}',
    kind: Kind.LongForm,
  },
];

/** Feed handlers (31990) by the default account and alice's paid tiers (37001 + 17000 list), just before now. */
export function marketplaceEvents(world: SeedWorld): NostrEvent[] {
  const [tide, alice] = world.users;
  const t = world.now - 30;
  const out = HANDLERS.map((h) =>
    signAs(world, tide, {
      kind: Kind.DvmFeed,
      created_at: t,
      tags: [
        ['d', h.d],
        ['k', '5300'],
        ['k', String(h.kind)],
      ],
      content: JSON.stringify({
        name: h.name,
        about: h.about,
        amount: 'free',
        picture: `${world.publicUrl}/media/${profileImageNames(0).avatar}`,
        primal_spec: h.spec,
      }),
    }),
  );
  const tier = signAs(world, alice, {
    kind: Kind.Tier,
    created_at: t,
    tags: [
      ['d', 'supporter'],
      ['title', 'Supporter'],
      ['amount', '21000', 'msats', 'monthly'],
      ['perk', 'A thank-you note every month'],
    ],
    content: 'Support my writing',
  });
  const list = signAs(world, alice, {
    kind: Kind.TierList,
    created_at: t,
    tags: [['a', `${Kind.Tier}:${alice.pubkey}:supporter`]],
    content: '',
  });
  return [...out, tier, list];
}
