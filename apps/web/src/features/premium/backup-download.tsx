import { premiumContentCall } from '@tide/core/cache';
import { useState } from 'react';
import { useAppData } from '../../data/data-context.tsx';
import { useT } from '../../i18n/intl.tsx';
import { stores } from '../../state/stores.ts';
import { Button } from '../../ui/button.tsx';
import { downloadFile } from '../../ui/download-file.ts';
import { DownloadIcon } from '../../ui/icons.tsx';
import { signed } from './membership-client.ts';

/** The backup file's name for a day: `tide-backup-2026-11-28.jsonl`. */
export function backupFileName(at: Date): string {
  return `tide-backup-${at.toISOString().slice(0, 10)}.jsonl`;
}

/** The member's signed events of `kinds` as JSON lines (one event per line; answers without a signature are left out). */
export function backupLines(events: readonly object[]): string {
  const signedOnly = events.filter((e) => typeof (e as { sig?: unknown }).sig === 'string');
  return signedOnly.map((e) => JSON.stringify(e)).join('\n') + (signedOnly.length ? '\n' : '');
}

/** Downloads the member's stored events of `kinds` from the membership service as a JSON-lines file. */
export function BackupDownload({ kinds }: { kinds: number[] }) {
  const t = useT();
  const { commands } = useAppData();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const events = await premiumContentCall(commands, 'membership_content_backup', await signed({ kinds }));
      const lines = backupLines(events);
      downloadFile(lines, backupFileName(new Date()), 'application/jsonl');
      const count = lines ? lines.split('\n').length - 1 : 0;
      stores.toasts.getState().show({ kind: 'success', message: t('premium.backupDownloaded', { count }) });
    } catch {
      stores.toasts.getState().show({ kind: 'error', message: t('premium.serviceError') });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="secondary" disabled={busy || !kinds.length} onClick={() => void download()}>
      <DownloadIcon size={16} aria-hidden="true" />
      {t('premium.backupDownload')}
    </Button>
  );
}
