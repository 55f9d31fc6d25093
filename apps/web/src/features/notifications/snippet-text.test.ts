import { emptyPage, type User } from '@tide/core/model';
import { noteEncode, npubEncode } from 'nostr-tools/nip19';
import { describe, expect, it } from 'vitest';
import { snippetText } from './snippet-text.ts';

const pk = 'a'.repeat(64);
const unknown = 'b'.repeat(64);

describe('snippetText', () => {
  it('names profile references and shortens note references', () => {
    const page = emptyPage();
    page.users[pk] = { name: 'alice' } as User;
    const npub = npubEncode(pk);
    const other = npubEncode(unknown);
    const note = noteEncode('c'.repeat(64));
    expect(snippetText(`hi nostr:${npub} and nostr:${other}, see nostr:${note}`, page)).toBe(
      `hi @alice and @${other.slice(0, 12)}…, see ${note.slice(0, 12)}…`,
    );
  });
});
