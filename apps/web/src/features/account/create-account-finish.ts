import { mergeProfileMetadata, type ProfileFields } from '@tide/core/edits';
import { Kind, type NostrEvent, nsecEncode } from '@tide/core/nostr';
import type { PublishOptions, PublishResult, PublishTemplate } from '../publish/index.ts';

/** The three events a new account publishes, in order; each is done once and skipped on a retry. */
export type FinishPart = 'relays' | 'profile' | 'contacts';

/** What finishing needs from the app (the session and the publisher; tests pass fakes). */
export interface FinishDeps {
  signIn: (nsec: string, pin?: string) => Promise<void>;
  publish: (template: PublishTemplate, options?: PublishOptions) => Promise<PublishResult | null>;
  productRelay: () => Promise<string | null>;
}

/** A new account: its key, the profile fields, the accounts to follow and an optional PIN. */
export interface NewAccount {
  secretKey: Uint8Array;
  profile: Partial<ProfileFields>;
  follows: readonly string[];
  pin?: string;
}

/** The kind 0, 3 and 10002 templates of a new account (relay list: the product relay for reading and writing). */
export function newAccountEvents(account: NewAccount, productRelay: string): Record<FinishPart, PublishTemplate> {
  const profile = mergeProfileMetadata(null, account.profile);
  return {
    relays: { kind: Kind.RelayList, content: '', tags: [['r', productRelay]] },
    profile: { kind: profile.kind, content: profile.content, tags: profile.tags },
    contacts: { kind: Kind.Contacts, content: '', tags: [...new Set(account.follows)].map((p) => ['p', p]) },
  };
}

/**
 * Finish (create account): signs in with the new key (kept under the PIN, or sealed on this device without one),
 * then publishes the relay list (kind 10002, the product relay), the profile (kind 0) and the contact list (kind 3)
 * to the product relay, each after a relay's OK. `done` lists the parts already published (a retry skips them);
 * resolves with the parts now done, the first that failed, if any (the publisher has shown its toast), and the signed
 * profile event.
 */
export async function finishNewAccount(
  account: NewAccount,
  deps: FinishDeps,
  done: readonly FinishPart[] = [],
): Promise<{ done: FinishPart[]; failed?: FinishPart; profile?: NostrEvent }> {
  const finished = [...done];
  let profile: NostrEvent | undefined;
  if (finished.length === 0) await deps.signIn(nsecEncode(account.secretKey), account.pin);
  const relay = await deps.productRelay();
  if (!relay) return { done: finished, failed: 'relays' };
  const events = newAccountEvents(account, relay);
  for (const part of ['relays', 'profile', 'contacts'] as const) {
    if (finished.includes(part)) continue;
    const result = await deps.publish(events[part], { relays: [relay], successMessage: null });
    if (!result?.success) return { done: finished, failed: part };
    if (part === 'profile') profile = result.event;
    finished.push(part);
  }
  return { done: finished, ...(profile ? { profile } : {}) };
}
