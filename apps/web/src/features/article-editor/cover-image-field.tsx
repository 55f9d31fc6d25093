import { safeUrl } from '@tide/core/format';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { useT } from '../../i18n/intl.tsx';
import { stores } from '../../state/stores.ts';
import { Button } from '../../ui/button.tsx';
import { ImageIcon } from '../../ui/icons.tsx';
import { TextField } from '../../ui/text-field.tsx';
import styles from './article-editor.module.css';

/** The cover image: an address typed in, or a picture uploaded to the media store (progress shown, cancellable). */
export function CoverImageField({ value, onChange }: { value: string; onChange: (url: string) => void }) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    const { uploadFile, uploadErrorMessage } = await import('../upload/index.ts');
    const controller = new AbortController();
    abort.current = controller;
    setProgress(0);
    try {
      const uploaded = await uploadFile(file, { onProgress: setProgress, signal: controller.signal });
      onChange(uploaded.url);
      stores.toasts.getState().show({ kind: 'success', message: t('editor.imageUploaded') });
    } catch (error) {
      const message = uploadErrorMessage(t, error, file.name);
      if (message) stores.toasts.getState().show({ kind: 'error', message });
    } finally {
      abort.current = null;
      setProgress(null);
    }
  }

  const preview = safeUrl(value);
  return (
    <div className={styles.cover}>
      <TextField label={t('editor.image')} type="url" value={value} onChange={(e) => onChange(e.currentTarget.value)} />
      <div className={styles.coverActions}>
        <input
          ref={input}
          id={fileId}
          type="file"
          accept="image/*"
          className={styles.fileInput}
          onChange={(e) => void upload(e)}
          data-testid="cover-file"
        />
        {progress === null ? (
          <Button variant="secondary" onClick={() => input.current?.click()}>
            <ImageIcon size={18} aria-hidden="true" /> {t('editor.uploadImage')}
          </Button>
        ) : (
          <>
            <progress max={1} value={progress} aria-label={t('editor.uploadingImage')} />
            <Button variant="ghost" onClick={() => abort.current?.abort()}>
              {t('common.cancel')}
            </Button>
          </>
        )}
      </div>
      {preview ? <img className={styles.coverPreview} src={preview} alt="" data-testid="cover-preview" /> : null}
    </div>
  );
}
