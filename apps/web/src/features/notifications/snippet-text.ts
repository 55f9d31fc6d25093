import type { Page } from '@tide/core/model';
import { tryDecodeNip19 } from '@tide/core/nostr';

const REFERENCE = /nostr:((?:npub1|nprofile1|note1|nevent1|naddr1)[02-9ac-hj-np-z]+)/gi;

/**
 * A note's text for a one-glance snippet: `nostr:` profile references become `@name` (from the page's profiles, else
 * a short npub) and event references a short `note1…`.
 */
export function snippetText(content: string, page: Page): string {
  return content.replace(REFERENCE, (_match, code: string) => {
    const decoded = tryDecodeNip19(code);
    const pubkey =
      decoded?.type === 'npub' ? decoded.data : decoded?.type === 'nprofile' ? decoded.data.pubkey : undefined;
    if (pubkey === undefined) return `${code.slice(0, 12)}…`;
    const user = page.users[pubkey];
    return `@${user?.name || user?.displayName || `${code.slice(0, 12)}…`}`;
  });
}
