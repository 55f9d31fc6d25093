import { safeUrl } from '@tide/core/format';
/** The 16 avatar sizes of the spec (§2), smallest first. */
export const AVATAR_SIZES = [
  'nano',
  'micro',
  'xxs',
  'xss',
  'xs',
  'vvs',
  'vs2',
  'vs',
  'sm',
  'md',
  'ml',
  'mll',
  'lg',
  'xl',
  'xxl',
  'xxxl',
] as const;

/** One of the spec's avatar sizes. */
export type AvatarSize = (typeof AVATAR_SIZES)[number];

/** Pixel edge of each avatar size; strictly growing so sizes never collide. */
export const AVATAR_PIXELS: Record<AvatarSize, number> = {
  nano: 12,
  micro: 16,
  xxs: 20,
  xss: 24,
  xs: 28,
  vvs: 32,
  vs2: 36,
  vs: 40,
  sm: 44,
  md: 48,
  ml: 56,
  mll: 64,
  lg: 80,
  xl: 96,
  xxl: 120,
  xxxl: 148,
};

/** Accepts only safe picture addresses (core's `safeUrl`: http(s) or same-origin); else undefined. */
export function safeImageUrl(src: string | undefined | null): string | undefined {
  return safeUrl(src);
}
