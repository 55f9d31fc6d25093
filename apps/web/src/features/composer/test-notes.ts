import type { Note } from '@tide/core/model';
import type { Tag } from '@tide/core/nostr';

/** A note for composer tests (only the fields the composer reads are meaningful). */
export function testNote(id: string, pubkey: string, tags: Tag[] = [], relayHints: string[] = []): Note {
  return {
    id,
    pubkey,
    created_at: 1_700_000_000,
    kind: 1,
    tags,
    content: `note ${id.slice(0, 4)}`,
    sig: '0'.repeat(128),
    user: {
      id: '',
      pubkey,
      npub: '',
      tags: [],
      name: `user-${pubkey.slice(0, 4)}`,
      displayName: `User ${pubkey.slice(0, 4)}`,
      about: '',
      picture: '',
      banner: '',
      nip05: '',
      location: '',
      lud06: '',
      lud16: '',
      website: '',
      created_at: 0,
    },
    stats: { likes: 0, mentions: 0, reposts: 0, replies: 0, zaps: 0, score: 0, score24h: 0, satszapped: 0 },
    noteActions: { event_id: id, liked: false, replied: false, reposted: false, zapped: false },
    relayHints,
  } as unknown as Note;
}
