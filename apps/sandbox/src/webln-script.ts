/**
 * Source of a WebLN provider for `page.addInitScript(...)`: `window.webln` (enable, getInfo, sendPayment,
 * makeInvoice, getBalance) paying from sandbox account `name` over HTTP at `origin`.
 */
export function weblnScript(origin: string, name: string): string {
  const base = JSON.stringify(`${origin}/webln/${encodeURIComponent(name)}`);
  const ledger = JSON.stringify(`${origin}/ledger/${encodeURIComponent(name)}`);
  return `(() => {
  const base = ${base};
  const ledger = ${ledger};
  let enabled = false;
  const call = async (url, body) => {
    const res = await fetch(url, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const json = await res.json();
    if (!res.ok || json.error) throw new Error(json.error || 'WebLN request failed');
    return json;
  };
  const need = () => { if (!enabled) throw new Error('Provider must be enabled before calling'); };
  window.webln = {
    get enabled() { return enabled; },
    async enable() { enabled = true; },
    async isEnabled() { return enabled; },
    async getInfo() { need(); return call(base + '/info'); },
    async sendPayment(paymentRequest) { need(); const r = await call(base + '/pay', { invoice: paymentRequest }); return { preimage: r.preimage }; },
    async makeInvoice(args) { need(); const amount = typeof args === 'object' ? Number(args.amount ?? args.defaultAmount) : Number(args); const r = await call(base + '/invoice', { amountSats: amount, description: (args && args.defaultMemo) || '' }); return { paymentRequest: r.invoice }; },
    async getBalance() { need(); const r = await call(ledger); return { balance: r.balanceSats, currency: 'sats' }; },
  };
})();
`;
}
