import type { EventTemplate } from '../nostr/index.ts';
import { Kind } from '../nostr/index.ts';

/** The NIP-42 auth event template (kind 22242) for a relay and challenge. */
export function authTemplate(url: string, challenge: string): EventTemplate {
  return {
    kind: Kind.ClientAuth,
    created_at: Math.floor(Date.now() / 1000),
    tags: [
      ['relay', url],
      ['challenge', challenge],
    ],
    content: '',
  };
}
