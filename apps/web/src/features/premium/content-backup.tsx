import { useQuery } from '@tanstack/react-query';
import { premiumContentCall } from '@tide/core/cache';
import { useEffect, useState } from 'react';
import { useAppData } from '../../data/data-context.tsx';
import { useT } from '../../i18n/intl.tsx';
import { stores, useSession } from '../../state/stores.ts';
import { Button } from '../../ui/button.tsx';
import { BackupDownload } from './backup-download.tsx';
import { signed } from './membership-client.ts';

/** Rebroadcast progress (kind 10000167). */
export interface RebroadcastStatus {
  running: boolean;
  status: 'running' | 'done' | 'idle';
  progress: number;
}

/** The content of the first event of `kind` in an answer, parsed; undefined when absent or broken. */
export function contentOfKind<T>(events: readonly { kind: number; content?: string }[], kind: number): T | undefined {
  const event = events.find((e) => e.kind === kind);
  if (!event?.content) return undefined;
  try {
    return JSON.parse(event.content) as T;
  } catch {
    return undefined;
  }
}

/** How often the rebroadcast progress is asked while it runs. */
const STATUS_POLL_MS = 2000;

/** Content backup: the member's stored events counted per kind, rebroadcast to their relays with progress and cancel. */
export function ContentBackup() {
  const t = useT();
  const { commands } = useAppData();
  const me = useSession((s) => s.publicKey);
  const [status, setStatus] = useState<RebroadcastStatus | null>(null);
  const stats = useQuery({
    queryKey: ['membership-content-stats', me],
    enabled: !!me,
    queryFn: async () =>
      contentOfKind<Record<string, number>>(
        await premiumContentCall(commands, 'membership_content_stats', await signed({})),
        10000166,
      ) ?? {},
  });
  const kinds = Object.keys(stats.data ?? {}).map(Number);

  useEffect(() => {
    if (status?.status !== 'running') return;
    const timer = setInterval(async () => {
      const events = await commands
        .request('rebroadcasting_status', await signed({}))
        .catch(() => [] as { kind: number }[]);
      const next = contentOfKind<RebroadcastStatus>(events as { kind: number; content?: string }[], 10000167);
      if (next) setStatus(next);
    }, STATUS_POLL_MS);
    return () => clearInterval(timer);
  }, [commands, status?.status]);

  async function run(command: 'membership_content_rebroadcast_start' | 'membership_content_rebroadcast_cancel') {
    try {
      const events = await premiumContentCall(commands, command, await signed({ kinds }));
      setStatus(contentOfKind<RebroadcastStatus>(events, 10000167) ?? { running: false, status: 'idle', progress: 0 });
    } catch {
      stores.toasts.getState().show({ kind: 'error', message: t('premium.serviceError') });
    }
  }

  if (stats.status === 'pending') return <p role="status">{t('common.loading')}</p>;
  if (stats.status === 'error') return <p role="alert">{t('premium.serviceError')}</p>;
  return (
    <div>
      <table data-testid="content-stats">
        <thead>
          <tr>
            <th>{t('premium.backupKind')}</th>
            <th>{t('premium.backupCount')}</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(stats.data).map(([kind, count]) => (
            <tr key={kind} data-kind={kind}>
              <td>{kind}</td>
              <td>{count}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <BackupDownload kinds={kinds} />
      {status?.status === 'running' ? (
        <>
          <progress max={1} value={status.progress} aria-label={t('premium.rebroadcastProgress')} />
          <Button variant="secondary" onClick={() => void run('membership_content_rebroadcast_cancel')}>
            {t('common.cancel')}
          </Button>
        </>
      ) : (
        <Button disabled={!kinds.length} onClick={() => void run('membership_content_rebroadcast_start')}>
          {t('premium.rebroadcast')}
        </Button>
      )}
      {status ? (
        <p role="status" data-testid="rebroadcast-status">
          {t(
            status.status === 'done'
              ? 'premium.rebroadcastDone'
              : status.status === 'running'
                ? 'premium.rebroadcastRunning'
                : 'premium.rebroadcastStopped',
            { percent: Math.round(status.progress * 100) },
          )}
        </p>
      ) : null}
    </div>
  );
}
