import { describe, expect, it } from 'vitest';
import { getWebLN, makeInvoiceWithWebLN, NO_WEBLN_EXTENSION, payWithWebLN, type WebLNProvider } from './webln.ts';

class FakeWallet implements WebLNProvider {
  enabled = false;
  paid: string[] = [];
  async enable() {
    this.enabled = true;
  }
  async sendPayment(pr: string) {
    if (!this.enabled) throw new Error('not enabled');
    this.paid.push(pr);
    return { preimage: 'ab'.repeat(32) };
  }
  async makeInvoice({ amount }: { amount: number }) {
    if (!this.enabled) throw new Error('not enabled');
    return { paymentRequest: `invoice-for-${amount}` };
  }
}

describe('WebLN adapter', () => {
  it("throws 'no_webln_extension' without window.webln", async () => {
    expect(() => getWebLN({})).toThrow(NO_WEBLN_EXTENSION);
    await expect(payWithWebLN('lnbc1', { webln: { enable: 1 } })).rejects.toMatchObject({ code: 'no_webln_extension' });
  });
  it('enables the wallet, then pays and returns the preimage', async () => {
    const wallet = new FakeWallet();
    await expect(payWithWebLN('lnbc1x', { webln: wallet })).resolves.toEqual({ preimage: 'ab'.repeat(32) });
    expect(wallet.paid).toEqual(['lnbc1x']);
  });
  it('fails when the wallet refuses or answers without a preimage', async () => {
    const refusing = { enable: async () => {}, sendPayment: async () => Promise.reject(new Error('User rejected')) };
    await expect(payWithWebLN('lnbc1', { webln: refusing })).rejects.toThrow('User rejected');
    const empty = { enable: async () => {}, sendPayment: async () => ({}) as { preimage: string } };
    await expect(payWithWebLN('lnbc1', { webln: empty })).rejects.toThrow('Wallet did not return a preimage');
  });
  it('asks the wallet for an invoice when it can make one', async () => {
    await expect(makeInvoiceWithWebLN(21, 'redeem', { webln: new FakeWallet() })).resolves.toBe('invoice-for-21');
    const payOnly = { enable: async () => {}, sendPayment: async () => ({ preimage: '' }) };
    await expect(makeInvoiceWithWebLN(21, '', { webln: payOnly })).rejects.toThrow('Wallet cannot create invoices');
    await expect(makeInvoiceWithWebLN(21, '', {})).rejects.toThrow('no_webln_extension');
  });
});
