import { type CSSProperties, useState } from 'react';
import { smallVariantOf } from '../data/avatar-variants.ts';
import { legendGlowOf, useMemberInfo } from '../data/member-info.ts';
import styles from './avatar.module.css';
import { AVATAR_PIXELS, type AvatarSize, safeImageUrl } from './avatar-sizes.ts';
import { UserIcon } from './icons.tsx';

/** Props of {@link Avatar}. */
export interface AvatarProps {
  src?: string | null;
  size?: AvatarSize;
  /** Accessible name (usually the user's name); empty for decorative avatars. */
  alt?: string;
  /** A legend's avatar glow: the legend style (e.g. GOLD), drawn in its theme colour `--legend-<style>`. */
  glow?: string;
  /** Whose avatar this is: a legend who turned the glow on gets it automatically (facts from data/member-info). */
  pubkey?: string;
}

/**
 * A round profile picture with its size reserved up front: the picture's small copy when an answer listed one (else,
 * or when the copy fails, the picture itself), and a fallback when the picture is missing or fails.
 */
export function Avatar({ src, size = 'md', alt = '', glow: forcedGlow, pubkey }: AvatarProps) {
  const [failed, setFailed] = useState<readonly string[]>([]);
  const memberGlow = legendGlowOf(useMemberInfo(pubkey));
  const glow = forcedGlow ?? memberGlow;
  const px = AVATAR_PIXELS[size];
  const original = safeImageUrl(src);
  const smallCopy = safeImageUrl(smallVariantOf(src));
  const url = smallCopy !== undefined && !failed.includes(smallCopy) ? smallCopy : original;
  const showImage = url !== undefined && !failed.includes(url);
  return (
    <span
      className={glow ? `${styles.avatar} ${styles.glow}` : styles.avatar}
      style={{
        width: px,
        height: px,
        fontSize: Math.max(8, px / 2.5),
        ...(glow
          ? ({ '--avatar-glow': `var(--legend-${glow.toLowerCase()}, var(--legend-gold))` } as CSSProperties)
          : {}),
      }}
      data-size={size}
      data-glow={glow || undefined}
      data-fallback={showImage ? undefined : 'true'}
    >
      {showImage ? (
        <img
          className={styles.image}
          src={url}
          alt={alt}
          width={px}
          height={px}
          loading="lazy"
          decoding="async"
          onError={() => setFailed((list) => [...list, url])}
        />
      ) : (
        <UserIcon
          className={styles.fallback}
          aria-hidden={!alt}
          role={alt ? 'img' : undefined}
          aria-label={alt || undefined}
        />
      )}
    </span>
  );
}
