import { vi } from 'vitest';
import type { MemberStatus, MembershipApi } from './membership-client.ts';

/** A MembershipApi for component tests: `status` as given, names in `taken` unavailable, quotes paid by `paid()`. */
export function fakeMembershipApi(
  status: MemberStatus = { tier: 'none' },
  taken: string[] = [],
): MembershipApi & { paid: () => void } {
  let paidCallback: (() => void) | null = null;
  return {
    status: vi.fn(async () => status),
    nameAvailable: vi.fn(async (name: string) => !taken.includes(name)),
    purchase: vi.fn(async (product_id: string, _name: string, amountUsd?: number) => ({
      membership_quote_id: 'q1',
      invoice: 'lnbc1fake',
      qr_code: 'lightning:lnbc1fake',
      amount_usd: amountUsd ? amountUsd.toFixed(2) : product_id === '12-months-premium' ? '72.00' : '21.00',
      amount_btc: '0.01000000',
      product_id,
    })),
    monitor: vi.fn((_id: string, onPaid: () => void) => {
      paidCallback = onPaid;
      return () => undefined;
    }),
    changeName: vi.fn(async (name: string) => ({ name })),
    history: vi.fn(async () => []),
    customizeLegend: vi.fn(async () => undefined),
    paid: () => paidCallback?.(),
  };
}
