import { useCallback, useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n/intl.tsx';
import { stores } from '../../state/stores.ts';
import type { UploadedFile } from './imeta.ts';
import { UploadError } from './upload-error.ts';
import { type UploadOptions, uploadFile } from './upload-file.ts';
import { uploadErrorMessage } from './upload-messages.ts';
import { checkUpload } from './upload-rules.ts';
import { viewerIsPremium } from './viewer-premium.ts';

/** One file on its way to the media store, or there. */
export interface UploadItem {
  id: number;
  name: string;
  mime: string;
  /** 0 to 1. */
  progress: number;
  status: 'uploading' | 'done' | 'failed';
  result?: UploadedFile;
  /** A local preview address of the file (object URL) while it is shown. */
  preview?: string;
}

/** What {@link useUploads} returns. */
export interface Uploads {
  items: UploadItem[];
  /** Starts uploading the files that pass the checks; each refused one gets its toast. */
  add: (files: Iterable<File>) => void;
  /** Cancels an upload under way, or removes a finished one. */
  remove: (id: number) => void;
  /** Forgets every item (after the note went out). */
  clear: () => void;
  /** True while any file is still uploading. */
  busy: boolean;
}

let nextId = 1;

/** A list of uploads with progress, cancel and the spec's toasts; `upload` is injectable for tests. */
export function useUploads(
  options: { premium?: boolean; upload?: (file: File, options: UploadOptions) => Promise<UploadedFile> } = {},
): Uploads {
  const t = useT();
  const [items, setItems] = useState<UploadItem[]>([]);
  const controllers = useRef(new Map<number, AbortController>());
  const upload = options.upload ?? uploadFile;
  const premium = options.premium ?? viewerIsPremium();

  const patch = useCallback((id: number, change: Partial<UploadItem>) => {
    setItems((list) => list.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }, []);

  const add = useCallback(
    (files: Iterable<File>) => {
      const toast = (message: string) => stores.toasts.getState().show({ kind: 'error', message });
      for (const file of files) {
        const refusal = checkUpload(file, premium);
        if (refusal) {
          toast(uploadErrorMessage(t, new UploadError(refusal), file.name, premium) ?? '');
          continue;
        }
        const id = nextId++;
        const controller = new AbortController();
        controllers.current.set(id, controller);
        const preview =
          typeof URL.createObjectURL === 'function' && file.type.startsWith('image/')
            ? URL.createObjectURL(file)
            : undefined;
        setItems((list) => [
          ...list,
          { id, name: file.name, mime: file.type, progress: 0, status: 'uploading', preview },
        ]);
        upload(file, { premium, signal: controller.signal, onProgress: (progress) => patch(id, { progress }) }).then(
          (result) => {
            controllers.current.delete(id);
            patch(id, { status: 'done', progress: 1, result });
          },
          (error: unknown) => {
            controllers.current.delete(id);
            const message = uploadErrorMessage(t, error, file.name, premium);
            if (message === null) return;
            toast(message);
            patch(id, { status: 'failed' });
          },
        );
      }
    },
    [t, premium, upload, patch],
  );

  const remove = useCallback((id: number) => {
    controllers.current.get(id)?.abort();
    controllers.current.delete(id);
    setItems((list) => {
      const gone = list.find((item) => item.id === id);
      if (gone?.preview) URL.revokeObjectURL(gone.preview);
      return list.filter((item) => item.id !== id);
    });
  }, []);

  const clear = useCallback(() => {
    for (const controller of controllers.current.values()) controller.abort();
    controllers.current.clear();
    setItems((list) => {
      for (const item of list) if (item.preview) URL.revokeObjectURL(item.preview);
      return [];
    });
  }, []);

  useEffect(() => {
    const map = controllers.current;
    return () => {
      for (const controller of map.values()) controller.abort();
    };
  }, []);

  return { items, add, remove, clear, busy: items.some((item) => item.status === 'uploading') };
}
