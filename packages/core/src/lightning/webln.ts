/** Error code when no WebLN provider (browser wallet extension) is present (spec §6, §8). */
export const NO_WEBLN_EXTENSION = 'no_webln_extension';

/** The part of a WebLN provider (`window.webln`) the client uses. */
export interface WebLNProvider {
  enable(): Promise<void>;
  sendPayment(paymentRequest: string): Promise<{ preimage: string }>;
  /** Optional in WebLN: asks the wallet for an invoice (amount in sats). */
  makeInvoice?(args: { amount: number; defaultMemo?: string }): Promise<{ paymentRequest: string }>;
}

/** An Error whose message and `code` are 'no_webln_extension'. */
export class WebLNMissingError extends Error {
  /** Machine-readable code. */
  readonly code = NO_WEBLN_EXTENSION;
  constructor() {
    super(NO_WEBLN_EXTENSION);
    this.name = 'WebLNMissingError';
  }
}

function isProvider(value: unknown): value is WebLNProvider {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  return typeof p.enable === 'function' && typeof p.sendPayment === 'function';
}

/** The WebLN provider of `host` (default: globalThis, i.e. window); throws 'no_webln_extension' when missing. */
export function getWebLN(host: object = globalThis): WebLNProvider {
  const provider = (host as { webln?: unknown }).webln;
  if (!isProvider(provider)) throw new WebLNMissingError();
  return provider;
}

/** Pays an invoice with the browser wallet: enable, then sendPayment; resolves only when the wallet answers. */
export async function payWithWebLN(invoice: string, host: object = globalThis): Promise<{ preimage: string }> {
  const provider = getWebLN(host);
  await provider.enable();
  const result = await provider.sendPayment(invoice);
  if (typeof result?.preimage !== 'string') throw new Error('Wallet did not return a preimage');
  return { preimage: result.preimage };
}

/** Asks the browser wallet for an invoice of `amountSats` (e.g. to redeem ecash into it). */
export async function makeInvoiceWithWebLN(amountSats: number, memo = '', host: object = globalThis): Promise<string> {
  const provider = getWebLN(host);
  if (typeof provider.makeInvoice !== 'function') throw new Error('Wallet cannot create invoices');
  await provider.enable();
  const res = await provider.makeInvoice({ amount: amountSats, defaultMemo: memo });
  if (typeof res?.paymentRequest !== 'string') throw new Error('Wallet did not return an invoice');
  return res.paymentRequest;
}
