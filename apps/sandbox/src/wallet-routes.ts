import { BAD_JSON, type Route, type SandboxReply } from './http.ts';
import { type Ledger, LedgerError } from './ledger.ts';

const err = (status: number, error: string, code = 'OTHER'): SandboxReply => ({ status, json: { error, code } });

/**
 * Sandbox wallet control over HTTP (what the WebLN provider and tests use), per account:
 * GET /ledger/<name>, POST /ledger/<name>/balance {sats}, POST /ledger/<name>/invoice {amountSats, description},
 * POST /ledger/<name>/pay {invoice}; WebLN: GET /webln/<name>/info, POST /webln/<name>/pay {invoice}.
 */
export function walletRoutes(ledger: Ledger, accounts: () => string[]): Route {
  return (req) => {
    const [area, name, action] = req.parts;
    if ((area !== 'ledger' && area !== 'webln') || name === undefined || req.parts.length > 3) return undefined;
    if (!accounts().includes(name) || !ledger.has(name)) return err(404, `Unknown account ${name}`, 'NOT_FOUND');
    const body = (req.body && req.body !== BAD_JSON && typeof req.body === 'object' ? req.body : {}) as Record<
      string,
      unknown
    >;
    if (req.method === 'POST' && req.body === BAD_JSON) return err(400, 'Request body is not JSON');
    try {
      if (area === 'ledger' && req.method === 'GET' && !action) {
        return {
          json: {
            name,
            balanceSats: Math.floor(ledger.balanceMsat(name) / 1000),
            balanceMsat: ledger.balanceMsat(name),
            transactions: ledger.transactions(name),
          },
        };
      }
      if (area === 'webln' && req.method === 'GET' && action === 'info') {
        return {
          json: {
            node: { alias: `Tide sandbox (${name})`, pubkey: ledger.nodePubkey },
            methods: ['sendPayment', 'makeInvoice', 'getInfo', 'getBalance'],
          },
        };
      }
      if (req.method !== 'POST') return undefined;
      if (area === 'ledger' && action === 'balance') {
        const sats = Number(body.sats);
        if (!Number.isSafeInteger(sats) || sats < 0) return err(400, 'sats must be a whole number ≥ 0');
        ledger.setBalanceMsat(name, sats * 1000);
        return { json: { name, balanceSats: sats } };
      }
      if (action === 'invoice') {
        const sats = Number(body.amountSats ?? body.amount);
        if (!Number.isSafeInteger(sats) || sats <= 0) return err(400, 'amountSats must be a whole number > 0');
        const description = typeof body.description === 'string' ? body.description : '';
        const inv = ledger.createInvoice(name, sats * 1000, { description });
        return { json: { invoice: inv.bolt11, paymentRequest: inv.bolt11, paymentHash: inv.paymentHash } };
      }
      if (action === 'pay') {
        if (typeof body.invoice !== 'string') return err(400, 'invoice is required');
        const paid = ledger.pay(name, body.invoice);
        return { json: { preimage: paid.preimage, paymentHash: paid.paymentHash } };
      }
      return undefined;
    } catch (e) {
      if (e instanceof LedgerError) return err(e.code === 'INSUFFICIENT_BALANCE' ? 402 : 400, e.message, e.code);
      throw e;
    }
  };
}
