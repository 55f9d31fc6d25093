import { type MediaToken, tokenize } from '@tide/core/content';
import { safeUrl, shortDate } from '@tide/core/format';
import { type Note, noteIdOf, type Page } from '@tide/core/model';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../../i18n/intl.tsx';
import { isHttpUrl, mediaCacheUrl } from '../note/media-url.ts';
import styles from './profile.module.css';

/** Side of a grid cell in CSS pixels (thumbnails are square, their space reserved before they load). */
export const MEDIA_CELL = 200;

/** The first image or video an `imeta` tag (NIP-92) describes by its MIME type. */
function imetaMedia(tags: readonly string[][]): MediaToken | undefined {
  for (const tag of tags) {
    if (tag[0] !== 'imeta') continue;
    const field = (name: string) =>
      tag
        .find((part) => part.startsWith(`${name} `))
        ?.slice(name.length + 1)
        .trim();
    const url = field('url');
    const mime = field('m') ?? '';
    const type = mime.startsWith('image/') ? 'image' : mime.startsWith('video/') ? 'video' : undefined;
    if (url && type && isHttpUrl(url)) return { type, url };
  }
  return undefined;
}

/** A note's first image or video: by extension in its text, else from its `imeta` tags. */
export function firstMedia(note: Pick<Note, 'content' | 'tags'>): MediaToken | undefined {
  for (const token of tokenize(note.content, { tags: note.tags })) {
    if ((token.type === 'image' || token.type === 'video') && isHttpUrl(token.url)) return token;
  }
  return imetaMedia(note.tags);
}

/**
 * The picture of a grid cell: an image's small media-cache variant (else medium, large, original; else the media
 * cache at size s); a video's poster; undefined for a video without one.
 */
export function thumbnailOf(media: MediaToken, page: Pick<Page, 'mediaVariants' | 'thumbnails'>): string | undefined {
  if (media.type === 'video') {
    const poster = page.thumbnails[media.url];
    return poster && isHttpUrl(poster) ? safeUrl(poster) : undefined;
  }
  const variants = page.mediaVariants[media.url] ?? [];
  for (const size of ['s', 'm', 'l', 'o']) {
    const hit = variants.find((v) => v.s === size && v.media_url && isHttpUrl(v.media_url));
    if (hit) return safeUrl(hit.media_url);
  }
  return mediaCacheUrl(media.url, 's');
}

/** The media tab: one square thumbnail per note (image or video poster), each opening the note's thread. */
export function ProfileMediaGrid({ notes, page, footer }: { notes: Note[]; page: Page; footer?: ReactNode }) {
  const t = useT();
  const cells = notes.flatMap((note) => {
    const media = firstMedia(note);
    return media ? [{ note, media, src: thumbnailOf(media, page) }] : [];
  });
  return (
    <div data-testid="profile-media">
      <ul className={styles.media} data-count={cells.length}>
        {cells.map(({ note, media, src }) => (
          <li key={note.repost?.id ?? note.id} className={styles.mediaCell}>
            <Link
              to={`/e/${noteIdOf(note.id)}`}
              className={styles.mediaLink}
              aria-label={t('profile.mediaItem', { date: shortDate(note.created_at) })}
              data-testid="profile-media-item"
              data-media-type={media.type}
            >
              {src ? (
                <img
                  className={styles.mediaThumb}
                  src={src}
                  alt=""
                  width={MEDIA_CELL}
                  height={MEDIA_CELL}
                  loading="lazy"
                  decoding="async"
                />
              ) : null}
              {media.type === 'video' ? (
                <span className={styles.mediaVideo} data-testid="profile-media-video">
                  <span aria-hidden="true">▶</span> {t('profile.mediaVideo')}
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
      {footer}
    </div>
  );
}
