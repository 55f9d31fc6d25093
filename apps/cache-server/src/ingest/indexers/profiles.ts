import type { NostrEvent } from '@tide/core/nostr';
import type { IngestContext } from '../context.ts';
import { followsCountBefore } from '../pg-batch-rows.ts';

/** The searchable fields of a kind-0 profile. */
export interface ProfileFields {
  name: string;
  display_name: string;
  nip05: string;
  lud16: string;
  picture: string;
  banner: string;
}

function str(v: unknown, max = 300): string {
  return typeof v === 'string' ? v.slice(0, max) : '';
}

/** Parses kind-0 content; malformed JSON yields empty fields (the profile is still stored). */
export function profileFields(content: string): ProfileFields {
  let o: Record<string, unknown> = {};
  try {
    const v = JSON.parse(content) as unknown;
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) o = v as Record<string, unknown>;
  } catch {
    o = {};
  }
  return {
    name: str(o.name) || str(o.username),
    display_name: str(o.display_name) || str(o.displayName),
    nip05: str(o.nip05),
    lud16: str(o.lud16),
    picture: str(o.picture, 2000),
    banner: str(o.banner, 2000),
  };
}

/**
 * Kind 0 (newest per author): the user search index and the picture/banner media rows; a first profile of a user
 * who already follows someone counts in net_stats "users".
 */
export async function indexProfile(ctx: IngestContext, e: NostrEvent, isFirst: boolean): Promise<void> {
  if (e.kind !== 0) return;
  if (isFirst && (await followsCountBefore(ctx, e.pubkey)) > 0)
    ctx.buf.add('net_stats', { key: 'users' }, { value: 1 });
  const f = profileFields(e.content);
  ctx.buf.upsert(
    'search_users',
    { pubkey: e.pubkey },
    { name: f.name, display_name: f.display_name, nip05: f.nip05, lud16: f.lud16 },
  );
  for (const url of [f.picture, f.banner]) {
    if (/^https?:\/\//.test(url)) ctx.buf.insert('event_media', { event_id: e.id, url });
  }
}
