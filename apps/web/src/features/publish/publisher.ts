import type { EventTemplate, NostrEvent } from '@tide/core/nostr';
import type { Signer } from '@tide/core/signers';
import type { PublishOptions, PublishResult } from './publish-types.ts';

/** A template whose `created_at` may be left out (then: now). */
export type PublishTemplate = Omit<EventTemplate, 'created_at'> & { created_at?: number };

/** The toasts of publishing (spec §8), already translated. */
export interface PublishMessages {
  success: string;
  failure: string;
  timeout: string;
  noRelays: string;
  connecting: string;
  noSigner: string;
}

/** A send's result without the event (the publisher adds it). */
export type SendResult = Omit<PublishResult, 'event'>;

/** What the publisher needs from the app; tests pass their own. */
export interface PublisherDeps {
  /** The signer when one can sign now; otherwise null after the sign-in toast or the PIN prompt was shown. */
  signer(): Signer | null;
  /** The user's write relays; null when they cannot be known now (the relays are still being reached). */
  writeRelays(): Promise<string[] | null>;
  /** True in proxy mode: the caching service broadcasts, no direct relay socket is opened. */
  proxy(): boolean;
  /** Sends to relays directly: success on the first OK true, 8 s per relay. */
  sendDirect(event: NostrEvent, relays: readonly string[]): Promise<SendResult>;
  /** Asks the caching service to broadcast (`broadcast_events`). */
  sendProxy(event: NostrEvent, relays: readonly string[]): Promise<SendResult>;
  /** Imports published events into the caching service (`import_events`). */
  importEvents(events: NostrEvent[]): Promise<void>;
  toast(kind: 'success' | 'error' | 'info', message: string): void;
  messages(): PublishMessages;
  now?: () => number;
}

/** The replaceable slot a template fills (kinds 0, 3, 10000-19999; addressable 30000-39999 with their `d`), else null. */
export function listKey(template: Pick<PublishTemplate, 'kind' | 'tags'>): string | null {
  const { kind } = template;
  if (kind === 0 || kind === 3 || (kind >= 10000 && kind < 20000)) return String(kind);
  if (kind >= 30000 && kind < 40000) return `${kind}:${template.tags.find((t) => t[0] === 'd')?.[1] ?? ''}`;
  return null;
}

/** Longest wait for the caching service's import after a success (the event is already on a relay). */
export const IMPORT_WAIT_MS = 3000;

/** The app's one publisher over its dependencies (see features/publish/index.ts for the app-wired functions). */
export function createPublisher(deps: PublisherDeps) {
  const now = deps.now ?? (() => Math.floor(Date.now() / 1000));
  // A replaceable list published twice within a second would tie, and relays keep the lower id (NIP-01), so each
  // later version of the same list gets a later created_at.
  const lastOfList = new Map<string, number>();
  const createdAt = (template: PublishTemplate): number => {
    const at = template.created_at ?? now();
    const key = listKey(template);
    if (!key) return at;
    const next = Math.max(at, (lastOfList.get(key) ?? 0) + 1);
    lastOfList.set(key, next);
    return next;
  };

  /** Signs with the session signer: null (after a toast or the PIN prompt) when it cannot. */
  async function signEvent(template: PublishTemplate): Promise<NostrEvent | null> {
    const signer = deps.signer();
    if (!signer) return null;
    try {
      return await signer.signEvent({ ...template, created_at: createdAt(template) });
    } catch {
      deps.toast('error', deps.messages().noSigner);
      return null;
    }
  }

  async function targets(options: PublishOptions): Promise<string[] | null> {
    const relays = options.relays ? [...options.relays] : await deps.writeRelays().catch(() => null);
    if (relays === null) {
      deps.toast('info', deps.messages().connecting);
      return null;
    }
    if (relays.length === 0) {
      deps.toast('error', deps.messages().noRelays);
      return null;
    }
    return relays;
  }

  /** Sends an already signed event (own or someone else's: broadcast) to the relays; toasts as for publishEvent. */
  async function publishSigned(event: NostrEvent, options: PublishOptions = {}): Promise<PublishResult | null> {
    const relays = await targets(options);
    if (!relays) return null;
    return send(event, relays, options);
  }

  async function send(event: NostrEvent, relays: string[], options: PublishOptions): Promise<PublishResult> {
    const messages = deps.messages();
    let sent: SendResult;
    try {
      sent = deps.proxy() ? await deps.sendProxy(event, relays) : await deps.sendDirect(event, relays);
    } catch (error) {
      sent = { success: false, outcome: 'failure', reasons: [error instanceof Error ? error.message : String(error)] };
    }
    const result: PublishResult = { ...sent, event };
    if (result.success) {
      if (options.importAfter !== false) await importSoon(event);
      const message = options.successMessage === undefined ? messages.success : options.successMessage;
      if (message) deps.toast('success', message);
    } else {
      const fallback = result.outcome === 'timeout' ? messages.timeout : messages.failure;
      const chosen = result.outcome === 'timeout' ? options.timeoutMessage : options.failureMessage;
      const message = chosen === undefined ? fallback : chosen;
      if (message) deps.toast('error', message);
    }
    return result;
  }

  async function importSoon(event: NostrEvent): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const cap = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, IMPORT_WAIT_MS);
    });
    await Promise.race([deps.importEvents([event]).catch(() => undefined), cap]);
    clearTimeout(timer);
  }

  /**
   * Signs `template` with the session signer and sends it to every write relay (or, in proxy mode, through the
   * caching service); success only after a relay's OK, then the event is imported into the caching service. Null
   * when nothing was sent (no signer, no relays, relays not reachable yet: the user was told).
   */
  async function publishEvent(template: PublishTemplate, options: PublishOptions = {}): Promise<PublishResult | null> {
    if (!deps.signer()) return null;
    const relays = await targets(options);
    if (!relays) return null;
    const event = await signEvent(template);
    if (!event) return null;
    return send(event, relays, options);
  }

  /**
   * Notes a version of one of the user's lists read elsewhere (e.g. after a reload, the newest on the relays): the
   * next version published gets a later created_at than it, so a replacement never ties with what it replaces.
   */
  function noteVersion(event: Pick<NostrEvent, 'kind' | 'tags' | 'created_at'>): void {
    const key = listKey(event);
    if (key) lastOfList.set(key, Math.max(lastOfList.get(key) ?? 0, event.created_at));
  }

  return { publishEvent, publishSigned, signEvent, noteVersion };
}

/** The functions of {@link createPublisher}. */
export type Publisher = ReturnType<typeof createPublisher>;
