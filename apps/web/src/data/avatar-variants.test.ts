import type { CommandClient } from '@tide/core/cache';
import { type CacheEvent, CacheKind } from '@tide/core/nostr';
import { afterEach, describe, expect, it } from 'vitest';
import {
  avatarVariantsClient,
  forgetAvatarVariants,
  MAX_REMEMBERED_VARIANTS,
  rememberAvatarVariants,
  smallVariantOf,
} from './avatar-variants.ts';

const mediaInfo = (url: string, sizes: string[]): CacheEvent => ({
  kind: CacheKind.MediaInfo,
  content: JSON.stringify({
    resources: [
      { url, variants: sizes.map((s) => ({ s, a: 0, w: 1, h: 1, mt: 'image/png', media_url: `${url}#${s}` })) },
    ],
  }),
});

describe('avatar variants', () => {
  afterEach(forgetAvatarVariants);

  it("remembers the 's' copy of each picture a 10000119 lists, and nothing for pictures without one", () => {
    rememberAvatarVariants([
      mediaInfo('https://a.example/p.png', ['o', 's', 'm']),
      mediaInfo('https://a.example/q.png', ['o']),
    ]);
    expect(smallVariantOf('https://a.example/p.png')).toBe('https://a.example/p.png#s');
    expect(smallVariantOf('https://a.example/q.png')).toBeUndefined();
    expect(smallVariantOf(undefined)).toBeUndefined();
  });

  it('the commands client wrapper remembers every answer before handing it on', async () => {
    const answer = [{ kind: 0, content: '{}' }, mediaInfo('https://a.example/r.png', ['s'])];
    const inner: CommandClient = { request: async () => answer };
    const seen = await avatarVariantsClient(inner).request('user_infos', { pubkeys: [] });
    expect(seen).toBe(answer);
    expect(smallVariantOf('https://a.example/r.png')).toBe('https://a.example/r.png#s');
  });

  it('forgets the oldest picture beyond its bound', () => {
    for (let i = 0; i <= MAX_REMEMBERED_VARIANTS; i++)
      rememberAvatarVariants([mediaInfo(`https://a.example/${i}`, ['s'])]);
    expect(smallVariantOf('https://a.example/0')).toBeUndefined();
    expect(smallVariantOf(`https://a.example/${MAX_REMEMBERED_VARIANTS}`)).toBeDefined();
  });
});
