import type { Translate } from '../../i18n/intl.tsx';
import { UploadError } from './upload-error.ts';

/**
 * The message shown for an upload that went wrong (spec §8): wrong type, too big (100MB, or 1GB for Premium),
 * signer missing, else 'Failed to upload file {file}'; null for a cancelled upload (the user asked for it).
 */
export function uploadErrorMessage(t: Translate, error: unknown, fileName: string, premium = false): string | null {
  const code = error instanceof UploadError ? error.code : 'failed';
  switch (code) {
    case 'aborted':
      return null;
    case 'type':
      return t('upload.wrongType');
    case 'size':
      return t('upload.tooBig', { limit: premium ? '1GB' : '100MB' });
    case 'signer':
      return t('auth.required');
    default:
      return t('upload.failed', { file: fileName });
  }
}
