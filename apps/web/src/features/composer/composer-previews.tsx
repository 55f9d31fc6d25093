import { useEffect, useState } from 'react';
import { useT } from '../../i18n/intl.tsx';
import { IconButton } from '../../ui/button.tsx';
import { CloseIcon, VideoIcon } from '../../ui/icons.tsx';
import { userName } from '../note/note-author.tsx';
import { LinkCard } from '../note/note-embeds.tsx';
import styles from './composer.module.css';
import type { ComposerTarget } from './composer-store.ts';
import { firstLink } from './first-link.ts';
import type { Composer } from './use-composer.ts';

/** Waits until `value` stayed the same for `ms` before returning it. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** What the note will carry besides its text: files of a restored draft, the first link's preview, the quoted note. */
export function ComposerPreviews({ composer, target }: { composer: Composer; target: ComposerTarget }) {
  const t = useT();
  const link = useSettled(firstLink(composer.text), 600);
  const quote = target.quote;
  return (
    <>
      {composer.restored.length ? (
        <ul className={styles.restored} aria-label={t('upload.list')}>
          {composer.restored.map((file) => (
            <li key={file.url} className={styles.restoredItem} data-testid="draft-file">
              {file.mime.startsWith('image/') ? (
                <img src={file.url} alt="" className={styles.restoredThumb} />
              ) : (
                <VideoIcon size={28} aria-hidden="true" />
              )}
              <IconButton
                label={t('upload.remove', { file: file.url })}
                icon={<CloseIcon size={14} />}
                onClick={() => composer.removeRestored(file.url)}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {link ? (
        <div className={styles.linkPreview} data-testid="composer-link-preview">
          <LinkCard url={link} />
        </div>
      ) : null}
      {quote ? (
        <figure className={styles.quote} data-testid="composer-quote">
          <figcaption className={styles.quoteAuthor}>
            {t('composer.quoted')}: {userName(quote.user)}
          </figcaption>
          <p className={styles.quoteText}>{quote.content.slice(0, 280)}</p>
        </figure>
      ) : null}
    </>
  );
}
