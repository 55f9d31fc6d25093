import type { ServerLimits } from '../limits.ts';

/** Software URL and version published in the NIP-11 document. */
export const SOFTWARE = { software: 'https://github.com/tide/tide', version: '0.1.0' };

/** NIPs the relay endpoint implements. */
export const SUPPORTED_NIPS = [1, 2, 4, 9, 11, 16, 20, 22, 33, 40, 42, 45, 50];

/** Fields of the NIP-11 document that deployments may set. */
export interface RelayInfoOptions {
  name?: string;
  description?: string;
  pubkey?: string;
  contact?: string;
}

/** The NIP-11 relay information document (served for `Accept: application/nostr+json`). */
export function relayInfoDocument(
  limits: ServerLimits,
  options: RelayInfoOptions = {},
  premium = false,
): Record<string, unknown> {
  return {
    name: premium ? `${options.name ?? 'Tide cache'} premium relay` : (options.name ?? 'Tide cache'),
    description: premium
      ? 'Premium relay at /premium: members (Premium and Legend) write here; everyone reads.'
      : (options.description ??
        'Tide caching service: a Nostr relay plus the caching-service protocol at /v1 and the premium relay at /premium.'),
    ...(options.pubkey ? { pubkey: options.pubkey } : {}),
    ...(options.contact ? { contact: options.contact } : {}),
    supported_nips: SUPPORTED_NIPS,
    software: SOFTWARE.software,
    version: SOFTWARE.version,
    limitation: {
      max_message_length: limits.maxMessageLength,
      max_subscriptions: limits.maxSubscriptions,
      max_filters: limits.maxFilters,
      max_limit: limits.maxLimit,
      max_subid_length: limits.maxSubIdLength,
      max_event_tags: limits.maxEventTags,
      max_content_length: limits.maxContentLength,
      min_pow_difficulty: 0,
      auth_required: false,
      payment_required: false,
      restricted_writes: premium,
      created_at_lower_limit: 0,
      created_at_upper_limit: limits.maxFutureSeconds,
    },
  };
}
