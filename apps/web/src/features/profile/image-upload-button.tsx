import { useRef, useState } from 'react';
import { useT } from '../../i18n/intl.tsx';
import { stores } from '../../state/stores.ts';
import { Button } from '../../ui/button.tsx';
import { ImageIcon } from '../../ui/icons.tsx';

// Upload code loads when a file is picked.
const upload = () => import('../upload/index.ts');

/** A button that picks an image, uploads it to the media store (progress in its label) and hands back its URL. */
export function ImageUploadButton({
  label,
  onUploaded,
  testId,
}: {
  label: string;
  onUploaded: (url: string) => void;
  testId: string;
}) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);

  async function pick(file: File | undefined) {
    if (!file) return;
    const { uploadFile, uploadErrorMessage } = await upload();
    setProgress(0);
    try {
      const done = await uploadFile(file, { onProgress: setProgress });
      onUploaded(done.url);
    } catch (error) {
      const message = uploadErrorMessage(t, error, file.name);
      if (message) stores.toasts.getState().show({ kind: 'error', message });
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <>
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        data-testid={testId}
        onChange={(e) => void pick(e.currentTarget.files?.[0])}
      />
      <Button variant="secondary" size="sm" disabled={progress !== null} onClick={() => input.current?.click()}>
        <ImageIcon size={16} />{' '}
        {progress === null ? label : t('profile.uploading', { percent: Math.round(progress * 100) })}
      </Button>
    </>
  );
}
