import type { Page } from '@tide/core/model';
import { useState } from 'react';
import { useT } from '../../i18n/intl.tsx';
import { IMAGE_MAX_HEIGHT, imageBox, imageSource, isHttpUrl, videoSource } from './media-url.ts';
import styles from './note.module.css';

/** One image with its space reserved (default width 538, max height 680) from media-cache variant sizes. */
export function NoteImage({ url, page }: { url: string; page?: Pick<Page, 'mediaVariants'> }) {
  const t = useT();
  const [failed, setFailed] = useState(false);
  const source = imageSource(url, page);
  if (!source) return null;
  const box = imageBox(source.width, source.height);
  const src = failed && isHttpUrl(url) ? url : source.src;
  return (
    <a className={styles.media} href={url} target="_blank" rel="noopener noreferrer nofollow">
      <img
        className={styles.image}
        src={src}
        alt={t('note.image')}
        width={box.width}
        height={box.height}
        style={{ aspectRatio: `${box.width} / ${box.height}`, maxHeight: IMAGE_MAX_HEIGHT }}
        loading="lazy"
        decoding="async"
        data-testid="note-image"
        onError={() => setFailed(true)}
      />
    </a>
  );
}

/**
 * A video through the media cache (the note's address only if that fails), with its poster (media-cache thumbnail)
 * and reserved 16:9 or known-size box; never autoplays.
 */
export function NoteVideo({ url, page }: { url: string; page?: Pick<Page, 'mediaVariants' | 'thumbnails'> }) {
  const [failed, setFailed] = useState(false);
  const cached = videoSource(url);
  if (!cached) return null;
  const variant = page?.mediaVariants[url]?.find((v) => v.w && v.h);
  const box = imageBox(variant?.w, variant?.h);
  const poster = page?.thumbnails[url];
  return (
    // biome-ignore lint/a11y/useMediaCaption: notes carry no caption tracks
    <video
      className={styles.video}
      src={failed ? url : cached}
      poster={poster && isHttpUrl(poster) ? poster : undefined}
      width={box.width}
      height={box.height}
      style={{ aspectRatio: `${box.width} / ${box.height}` }}
      controls
      preload="metadata"
      playsInline
      data-testid="note-video"
      onError={() => setFailed(true)}
    />
  );
}

/** Several images in a grid (two columns, the first spanning when the count is odd). */
export function Gallery({ urls, page }: { urls: string[]; page?: Pick<Page, 'mediaVariants'> }) {
  const t = useT();
  return (
    <div className={styles.gallery} data-count={urls.length} data-testid="note-gallery">
      {[...new Set(urls)].map((url) => {
        const source = imageSource(url, page);
        if (!source) return null;
        return (
          <a key={url} className={styles.galleryItem} href={url} target="_blank" rel="noopener noreferrer nofollow">
            <img src={source.src} alt={t('note.image')} loading="lazy" decoding="async" width={269} height={200} />
          </a>
        );
      })}
    </div>
  );
}
