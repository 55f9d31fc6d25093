/** Result kinds of the wallet socket's answers. */
export const MembershipKind = {
  Status: 10000600,
  NameAvailable: 10000601,
  Quote: 10000602,
  PurchaseCompleted: 10000603,
  NameChanged: 10000604,
  OrderHistory: 10000605,
  ExchangeRate: 10000305,
  LegendCustomization: 10000168,
  LegendLeaderboard: 10000170,
  PremiumLeaderboard: 10000171,
} as const;

/** Legend styles (spec §3). */
export const LEGEND_STYLES = ['GOLD', 'AQUA', 'SILVER', 'PURPLE', 'PURPLEHAZE', 'TEAL', 'BROWN', 'BLUE', 'SUNFIRE'];

/** One answer event of the wallet socket. */
export interface MembershipAnswer {
  kind: number;
  content: string;
  created_at: number;
}
