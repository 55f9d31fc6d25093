import { useQuery } from '@tanstack/react-query';
import { fetchMediaStats, premiumContentCall } from '@tide/core/cache';
import { useState } from 'react';
import { useAppData } from '../../data/data-context.tsx';
import { useT } from '../../i18n/intl.tsx';
import { stores, useSession } from '../../state/stores.ts';
import { Button } from '../../ui/button.tsx';
import { contentOfKind } from './content-backup.tsx';
import { signed } from './membership-client.ts';

/** One stored upload (kind 10000164). */
export interface StoredUpload {
  url: string;
  sha256?: string;
  size: number;
  mimetype?: string;
  created_at: number;
}

/** Bytes as MB with one decimal. */
export function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1);
}

/** Media management: storage used per media type, the uploads newest first, delete one. */
export function MediaManagement() {
  const t = useT();
  const { commands } = useAppData();
  const me = useSession((s) => s.publicKey);
  const [deleting, setDeleting] = useState<string | null>(null);
  const stats = useQuery({
    queryKey: ['membership-media-stats', me],
    enabled: !!me,
    queryFn: async () => fetchMediaStats(commands, await signed({})),
  });
  const uploads = useQuery({
    queryKey: ['membership-media-uploads', me],
    enabled: !!me,
    queryFn: async () =>
      contentOfKind<StoredUpload[]>(
        await premiumContentCall(commands, 'membership_media_management_uploads', await signed({ limit: 100 })),
        10000164,
      ) ?? [],
  });
  async function remove(url: string) {
    setDeleting(url);
    try {
      await premiumContentCall(commands, 'membership_media_management_delete', await signed({ url }));
      stores.toasts.getState().show({ kind: 'success', message: t('premium.mediaDeleted') });
      await Promise.all([uploads.refetch(), stats.refetch()]);
    } catch {
      stores.toasts.getState().show({ kind: 'error', message: t('premium.mediaDeleteFailed') });
    } finally {
      setDeleting(null);
    }
  }
  if (stats.status === 'pending' || uploads.status === 'pending') return <p role="status">{t('common.loading')}</p>;
  if (stats.status === 'error' || uploads.status === 'error') return <p role="alert">{t('premium.serviceError')}</p>;
  const { video, image, other } = stats.data;
  return (
    <div>
      <p data-testid="media-usage">
        {t('premium.mediaUsage', {
          used: megabytes(video + image + other),
          image: megabytes(image),
          video: megabytes(video),
          other: megabytes(other),
        })}
      </p>
      {uploads.data.length ? (
        <ul data-testid="media-uploads">
          {uploads.data.map((u) => (
            <li key={u.url}>
              <a href={u.url} target="_blank" rel="noreferrer noopener">
                {u.url.split('/').pop()}
              </a>{' '}
              {megabytes(u.size)} MB{' '}
              <Button size="sm" variant="secondary" disabled={deleting !== null} onClick={() => void remove(u.url)}>
                {t('premium.mediaDelete')}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('premium.mediaEmpty')}</p>
      )}
    </div>
  );
}
