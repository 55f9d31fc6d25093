/** One zap choice offered to the user: amount in sats and its emoji. */
export interface ZapPreset {
  amount: number;
  emoji: string;
}

/** The default zap (spec §9): 42 sats with the message 'Onward'. */
export const DEFAULT_ZAP = { amount: 42, message: 'Onward' } as const;

/** Legacy default zap amount (spec §9). */
export const LEGACY_DEFAULT_ZAP_AMOUNT = 21;

/** Preset zaps (spec §9): thumbs up, rocket, coffee, beers, wine, crown. */
export const ZAP_PRESETS: readonly ZapPreset[] = [
  { amount: 21, emoji: '👍' },
  { amount: 420, emoji: '🚀' },
  { amount: 1000, emoji: '☕' },
  { amount: 5000, emoji: '🍻' },
  { amount: 10000, emoji: '🍷' },
  { amount: 100000, emoji: '👑' },
];
