import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CacheEvent, CacheKind } from '@tide/core/nostr';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { note, profile, T0, testUser } from '../../test/fixtures/events.ts';
import { registerLocalMedia } from '../ingest/indexers/media-metadata.ts';
import { ingestEvents } from '../ingest/ingest-events.ts';
import { writeMediaVariants } from '../seed/images.ts';
import { enrichPosts } from './bundle.ts';
import { exploreNoteCommands } from './explore-notes.ts';
import { addFans } from './explore-test-fans.ts';
import { userInfosCommand } from './people-follows.ts';
import { userProfile } from './people-profile.ts';
import { userSearch } from './people-search.ts';
import { testContext } from './people-test-fixtures.ts';

const ORIGIN = 'http://127.0.0.1:59998';
const NOW = T0 + 3600;
const avatarSvg = '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800"></svg>';

type Variant = { s: string; w: number; media_url: string };

/** Variants per URL from every 10000119 object of an answer. */
function variantsOf(events: CacheEvent[]): Map<string, Variant[]> {
  const out = new Map<string, Variant[]>();
  for (const e of events.filter((x) => x.kind === CacheKind.MediaInfo)) {
    const c = JSON.parse(String(e.content)) as { resources: Array<{ url: string; variants: Variant[] }> };
    for (const r of c.resources) out.set(r.url, r.variants);
  }
  return out;
}

describeDialects('profile pictures carry their media variants (10000119)', (getStore) => {
  const amy = testUser('avatar-amy');
  const picture = `${ORIGIN}/media/amy.svg`;
  const banner = 'https://img.example/amy-banner.png';
  let dir: string;
  let unregister: () => void;
  let noteId = '';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tide-avatar-'));
    mkdirSync(join(dir, 'media'));
    writeFileSync(join(dir, 'media', 'amy.svg'), avatarSvg);
    writeMediaVariants(dir, 'amy.svg', avatarSvg, 800);
    unregister = registerLocalMedia(ORIGIN, join(dir, 'media'));
    const n = note(amy, 'hello from amy', [], T0 + 5);
    noteId = n.id;
    await ingestEvents(getStore(), [profile(amy, { name: 'amy', picture, banner }), n], { now: NOW });
    await addFans(getStore(), [amy.pubkey], 5, T0, NOW); // scored_users_24h lists authors with ≥ 5 followers
  });
  afterAll(() => {
    unregister();
    rmSync(dir, { recursive: true, force: true });
  });

  const expectAvatarVariants = (events: CacheEvent[]) => {
    const variants = variantsOf(events);
    expect(
      variants
        .get(picture)
        ?.map((v) => [v.s, v.w])
        .sort(),
    ).toEqual([
      ['l', 800],
      ['m', 720],
      ['o', 800],
      ['s', 360],
    ]);
    expect(variants.get(picture)?.find((v) => v.s === 's')?.media_url).toBe(`${ORIGIN}/media/amy-s.svg`);
    expect(variants.get(banner)?.map((v) => v.s)).toEqual(['o']);
  };

  it('user_infos', async () => {
    expectAvatarVariants(await userInfosCommand(testContext(getStore(), NOW), { pubkeys: [amy.pubkey] }));
  });

  it('user_profile', async () => {
    expectAvatarVariants(await userProfile(testContext(getStore(), NOW), { pubkey: amy.pubkey }));
  });

  it('user_search', async () => {
    expectAvatarVariants(await userSearch(testContext(getStore(), NOW), { query: 'amy' }));
  });

  it("a note bundle's author profile", async () => {
    expectAvatarVariants(await enrichPosts(getStore(), [{ id: noteId, value: T0 + 5 }], { viewer: null }));
  });

  it('scored_users_24h', async () => {
    await getStore().db.updateTable('event_stats').set({ score24h: 5 }).where('event_id', '=', noteId).execute();
    const ctx = testContext(getStore(), T0 + 60);
    expectAvatarVariants(await exploreNoteCommands.scored_users_24h(ctx, {}));
  });
});
