import { Kind } from '@tide/core/nostr';
import { session } from '../../state/session.ts';
import { stores } from '../../state/stores.ts';
import { type PublishOptions, type PublishResult, publishEvent } from '../publish/index.ts';
import {
  type ArticleFields,
  articleIdentifier,
  articleTemplate,
  coordinateOf,
  deletionTemplate,
  draftTemplate,
} from './article-events.ts';

/** The toasts of one action (null: none for that outcome; absent: the publisher's default). */
export type ActionMessages = Pick<PublishOptions, 'successMessage' | 'failureMessage' | 'timeoutMessage'>;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Saves `fields` as the author's kind 31234 draft `draftId`, encrypted to themselves (NIP-44 through the session
 * signer). Null when nothing was sent (no signer, no relays: the user was told); `encryptFailed` is shown when the
 * signer cannot encrypt.
 */
export async function saveArticleDraft(
  fields: ArticleFields,
  draftId: string,
  messages: ActionMessages & { encryptFailed: string },
): Promise<PublishResult | null> {
  const signer = session.signer;
  if (!signer) return null;
  let template: Awaited<ReturnType<typeof draftTemplate>>;
  try {
    const author = await signer.getPublicKey();
    template = await draftTemplate(fields, draftId, author, signer.nip44, nowSeconds());
  } catch {
    stores.toasts.getState().show({ kind: 'error', message: messages.encryptFailed });
    return null;
  }
  return publishEvent(template, { ...messages });
}

/** Publishes `fields` as a kind 30023 article (`d` kept on edits, else from the title; `published_at` kept). */
export function publishArticle(fields: ArticleFields, messages: ActionMessages): Promise<PublishResult | null> {
  return publishEvent(articleTemplate(fields, nowSeconds()), { ...messages });
}

/** Publishes a deletion (kind 5, `a` tag) of the author's article or draft at `coordinate` (and its event id). */
export function deleteAddressable(
  coordinate: string,
  eventId: string | undefined,
  messages: ActionMessages,
): Promise<PublishResult | null> {
  return publishEvent(deletionTemplate(coordinate, eventId), { ...messages });
}

/** The coordinate of the author's draft `draftId`. */
export function draftCoordinate(author: string, draftId: string): string {
  return coordinateOf(Kind.Draft, author, draftId);
}

/** The coordinate an article with `fields` is (or will be) published at. */
export function articleCoordinateOf(author: string, fields: ArticleFields): string {
  return coordinateOf(Kind.LongForm, author, articleIdentifier(fields));
}
