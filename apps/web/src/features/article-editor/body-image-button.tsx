import type { Editor } from '@tiptap/core';
import { type ChangeEvent, useRef, useState } from 'react';
import { useT } from '../../i18n/intl.tsx';
import { stores } from '../../state/stores.ts';
import { ImageIcon } from '../../ui/icons.tsx';
import styles from './article-editor.module.css';

/** Toolbar button: uploads a picture to the media store and puts it in the text at the caret (progress shown). */
export function BodyImageButton({ editor }: { editor: Editor | null }) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file || !editor) return;
    const { uploadFile, uploadErrorMessage } = await import('../upload/index.ts');
    setProgress(0);
    try {
      const uploaded = await uploadFile(file, { onProgress: setProgress });
      editor.chain().focus().setImage({ src: uploaded.url, alt: '' }).run();
    } catch (error) {
      const message = uploadErrorMessage(t, error, file.name);
      if (message) stores.toasts.getState().show({ kind: 'error', message });
    } finally {
      setProgress(null);
    }
  }

  return (
    <>
      <input
        ref={input}
        type="file"
        accept="image/*"
        className={styles.fileInput}
        onChange={(e) => void upload(e)}
        data-testid="body-image-file"
        tabIndex={-1}
        aria-hidden="true"
      />
      {progress === null ? (
        <button
          type="button"
          className={styles.tool}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => input.current?.click()}
        >
          <ImageIcon size={14} aria-hidden="true" /> {t('editor.format.image')}
        </button>
      ) : (
        <progress max={1} value={progress} aria-label={t('editor.uploadingImage')} />
      )}
    </>
  );
}
