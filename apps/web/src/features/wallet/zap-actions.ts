import { createZapInvoice, NOT_ZAPPABLE, payInvoiceWithNwc, payWithWebLN } from '@tide/core/lightning';
import type { User } from '@tide/core/model';
import type { Translate } from '../../i18n/intl.tsx';
import { stores } from '../../state/stores.ts';
import { zapOverlay } from '../note/zap-overlay.ts';
import { getProductRelay, getUserRelays, type NostrEvent, signEvent } from '../publish/index.ts';
import { activeWalletUri, walletStore } from './wallet-store.ts';
import { loadWallets } from './wallet-sync.ts';

/** How long a zap may take from the first request to the wallet's answer. */
export const ZAP_TIMEOUT_MS = 45_000;

/** How old (seconds) a signed zap request may be when it is sent (spec §9: zap auth freshness 60 s). */
export const ZAP_AUTH_FRESH_S = 60;

/** What is zapped: a note or article (id, kind, coordinate) or a profile (no id). */
export interface ZapTarget {
  pubkey: string;
  user: Pick<User, 'lud16' | 'lud06' | 'name' | 'displayName'>;
  id?: string;
  kind?: number;
  address?: string;
  /** The target's zap count shown when it was zapped (the counter's starting point). */
  base?: number;
}

/** Pays an invoice with the active NWC wallet, else WebLN; resolves only when the wallet confirms (preimage). */
export async function payInvoice(invoice: string): Promise<string> {
  if (!walletStore.getState().loaded) await loadWallets();
  const uri = activeWalletUri();
  if (uri) return (await payInvoiceWithNwc(uri, invoice)).preimage;
  return (await payWithWebLN(invoice)).preimage;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

async function receiptRelays(): Promise<string[]> {
  const own = await getUserRelays()
    .then((l) => l.relays.filter((r) => r.read).map((r) => r.url))
    .catch(() => []);
  const product = await getProductRelay().catch(() => null);
  return [...new Set([...(product ? [product] : []), ...own])].slice(0, 6);
}

/**
 * Zaps `target` (NIP-57): LNURL of the author's lud16/lud06 → signed zap request → invoice (amount and description
 * hash checked) → paid by the active NWC wallet, else WebLN. '{name} zapped successfully' only after the wallet's
 * confirmation; 'We were unable to send this Zap' on any failure or timeout. Resolves true on success.
 */
export async function zap(target: ZapTarget, amountSats: number, message: string, t: Translate): Promise<boolean> {
  const toasts = stores.toasts.getState();
  if (!stores.session.getState().publicKey) {
    toasts.show({ kind: 'info', message: t('note.zapNeedsLogin') });
    return false;
  }
  if (!target.user.lud16 && !target.user.lud06) {
    toasts.show({ kind: 'error', message: t('zap.cannotZap') });
    return false;
  }
  try {
    const preimage = await withTimeout(
      (async () => {
        const zapInvoice = await createZapInvoice({
          profile: { lud16: target.user.lud16, lud06: target.user.lud06 },
          recipientPubkey: target.pubkey,
          amountSats,
          relays: await receiptRelays(),
          comment: message,
          ...(target.id ? { eventId: target.id } : {}),
          ...(target.address ? { address: target.address } : {}),
          ...(target.kind !== undefined ? { eventKind: target.kind } : {}),
          sign: async (template) => {
            const signed: NostrEvent | null = await signEvent(template);
            if (!signed) throw new Error('not signed');
            // A zap request signed long ago (a slow remote signer) is not sent: zap auth freshness 60 s (spec §9).
            if (Math.abs(Math.floor(Date.now() / 1000) - signed.created_at) > ZAP_AUTH_FRESH_S)
              throw new Error('stale');
            return signed;
          },
        });
        return payInvoice(zapInvoice.invoice);
      })(),
      ZAP_TIMEOUT_MS,
    );
    if (!preimage) throw new Error('no preimage');
    if (target.id) zapOverlay.getState().add(target.id, amountSats, target.base ?? 0);
    const name = target.user.displayName || target.user.name || t('zap.someone');
    toasts.show({ kind: 'success', message: t('zap.success', { name }) });
    return true;
  } catch (error) {
    const notZappable = error instanceof Error && error.message === NOT_ZAPPABLE;
    toasts.show({ kind: 'error', message: notZappable ? t('zap.cannotZap') : t('zap.failed') });
    return false;
  }
}
