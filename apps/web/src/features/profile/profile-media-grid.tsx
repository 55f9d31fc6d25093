import { type MediaToken, tokenize } from '@tide/core/content';
import { safeUrl, shortDate } from '@tide/core/format';
import { type Note, noteIdOf, type Page } from '@tide/core/model';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router';
import { WindowVirtualizer } from 'virtua';
import { useT } from '../../i18n/intl.tsx';
import { PlayIcon } from '../../ui/icons-more.tsx';
import { isHttpUrl, mediaCacheUrl } from '../note/media-url.ts';
import { useListRestore } from '../note/use-list-restore.ts';
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

/** Thumbnails per grid row. */
export const MEDIA_COLUMNS = 3;
/** Rows from the end at which the next page is asked for. */
const MORE_ROWS_THRESHOLD = 2;
/** Rows painted before the list has measured the window (one page of 20). */
const FIRST_PAINT_ROWS = 7;

interface Cell {
  note: Note;
  media: MediaToken;
  src: string | undefined;
}

function MediaCell({ cell }: { cell: Cell }) {
  const t = useT();
  const { note, media, src } = cell;
  return (
    <li className={styles.mediaCell}>
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
            <PlayIcon size={12} /> {t('profile.mediaVideo')}
          </span>
        ) : null}
      </Link>
    </li>
  );
}

/** Props of {@link ProfileMediaGrid}. */
export interface ProfileMediaGridProps {
  notes: Note[];
  page: Page;
  onEndReached?: () => void;
  /** Saves and restores the scroll position under this key. */
  restoreKey?: string;
  footer?: ReactNode;
}

/**
 * The media tab: one square thumbnail per note (image or video poster), each opening the note's thread; rows of
 * three in a window-scrolled virtualised list that asks for the next page near its end; scroll is restored.
 */
export function ProfileMediaGrid({ notes, page, onEndReached, restoreKey, footer }: ProfileMediaGridProps) {
  const restore = useListRestore(restoreKey);
  const ref = restore.ref;
  const endRef = useRef(onEndReached);
  endRef.current = onEndReached;
  const rows = useMemo(() => {
    const cells = notes.flatMap((note): Cell[] => {
      const media = firstMedia(note);
      return media ? [{ note, media, src: thumbnailOf(media, page) }] : [];
    });
    const out: Cell[][] = [];
    for (let i = 0; i < cells.length; i += MEDIA_COLUMNS) out.push(cells.slice(i, i + MEDIA_COLUMNS));
    return out;
  }, [notes, page]);
  const count = rows.reduce((n, row) => n + row.length, 0);
  const checkEnd = () => {
    const handle = ref.current;
    if (!handle) return;
    const last = handle.findItemIndex(handle.scrollOffset + handle.viewportSize);
    if (last >= rows.length - MORE_ROWS_THRESHOLD) endRef.current?.();
  };
  const onScroll = () => {
    restore.onScroll();
    checkEnd();
  };
  // A short first page may not fill the window: ask for more until it does.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-check whenever the row count changes
  useEffect(() => {
    checkEnd();
  }, [rows.length]);
  return (
    <div data-testid="profile-media" data-count={count}>
      <WindowVirtualizer
        ref={ref}
        data={rows}
        cache={restore.cache}
        onScroll={onScroll}
        bufferSize={400}
        ssrCount={restore.restored ? undefined : FIRST_PAINT_ROWS}
      >
        {(row) => (
          <ul key={row[0]?.note.repost?.id ?? row[0]?.note.id} className={styles.media}>
            {row.map((cell) => (
              <MediaCell key={cell.note.repost?.id ?? cell.note.id} cell={cell} />
            ))}
          </ul>
        )}
      </WindowVirtualizer>
      {footer}
    </div>
  );
}
