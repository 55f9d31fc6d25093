import { useT } from '../../i18n/intl.tsx';
import { IconButton } from '../../ui/button.tsx';
import { CloseIcon, VideoIcon } from '../../ui/icons.tsx';
import styles from './upload-list.module.css';
import type { UploadItem } from './use-uploads.ts';

/** The files of a form's uploads: a preview, a progress bar per file while it uploads, and a cancel/remove button. */
export function UploadList({ items, onRemove }: { items: readonly UploadItem[]; onRemove: (id: number) => void }) {
  const t = useT();
  if (!items.length) return null;
  return (
    <ul className={styles.list} aria-label={t('upload.list')}>
      {items.map((item) => (
        <li key={item.id} className={styles.item} data-status={item.status} data-testid="upload-item">
          {item.preview ? (
            <img className={styles.thumb} src={item.preview} alt="" />
          ) : (
            <span className={styles.thumb}>
              <VideoIcon size={28} aria-hidden="true" />
            </span>
          )}
          <span className={styles.name} title={item.name}>
            {item.name}
          </span>
          {item.status === 'uploading' ? (
            <progress
              className={styles.bar}
              max={100}
              value={Math.round(item.progress * 100)}
              aria-label={t('upload.progress', { file: item.name })}
            />
          ) : null}
          {item.status === 'failed' ? <span role="status">{t('upload.failed', { file: item.name })}</span> : null}
          <IconButton
            className={styles.remove}
            label={
              item.status === 'uploading'
                ? t('upload.cancel', { file: item.name })
                : t('upload.remove', { file: item.name })
            }
            icon={<CloseIcon size={14} />}
            onClick={() => onRemove(item.id)}
          />
        </li>
      ))}
    </ul>
  );
}
