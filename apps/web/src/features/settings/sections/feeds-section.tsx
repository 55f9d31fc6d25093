import { type FormEvent, useState } from 'react';
import type { FeedDescriptor } from '../../../data/app-settings.ts';
import { useT } from '../../../i18n/intl.tsx';
import { useSession } from '../../../state/stores.ts';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { SkeletonList } from '../../../ui/skeleton.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import styles from '../../frames.module.css';
import { moveFeed } from '../feeds/feed-list.ts';
import { useFeedList } from '../feeds/use-feed-list.ts';
import { GuestNotice } from './guest-notice.tsx';

/** Home or Reads feeds: enable, reorder, rename, remove, restore the defaults (erases custom feed settings); saved. */
export function FeedsSection({ kind }: { kind: 'home' | 'reads' }) {
  const t = useT();
  const canSign = useSession((s) => s.canSign);
  const { feeds, failed, update, restore } = useFeedList(kind);
  const [renaming, setRenaming] = useState<number | null>(null);
  const [confirmRestore, setConfirmRestore] = useState(false);
  const replace = (index: number, change: Partial<FeedDescriptor>) =>
    feeds && update(feeds.map((f, i) => (i === index ? { ...f, ...change } : f)));

  return (
    <>
      <p>{kind === 'home' ? t('settings.feeds.homeBody') : t('settings.feeds.readsBody')}</p>
      <GuestNotice />
      {canSign && !feeds && !failed && <SkeletonList label={t('common.loading')} count={2} />}
      {feeds && (
        <ol className={styles.list} data-testid={`${kind}-feed-list`}>
          {feeds.map((feed, index) => (
            <li key={feed.spec} className={styles.listItem}>
              <label className={styles.checkRow}>
                <input
                  type="checkbox"
                  checked={feed.enabled}
                  onChange={(e) => void replace(index, { enabled: e.currentTarget.checked })}
                />
                {feed.name}
              </label>
              {renaming === index ? (
                <RenameForm
                  name={feed.name}
                  onDone={(name) => {
                    setRenaming(null);
                    if (name && name !== feed.name) void replace(index, { name });
                  }}
                />
              ) : (
                <Button
                  variant="secondary"
                  onClick={() => setRenaming(index)}
                  aria-label={t('settings.feeds.renameFeed', { name: feed.name })}
                >
                  {t('settings.feeds.rename')}
                </Button>
              )}
              <Button
                variant="secondary"
                disabled={index === 0}
                onClick={() => void update(moveFeed(feeds, index, -1))}
                aria-label={t('settings.feeds.moveUp', { name: feed.name })}
              >
                {t('settings.feeds.up')}
              </Button>
              <Button
                variant="secondary"
                disabled={index === feeds.length - 1}
                onClick={() => void update(moveFeed(feeds, index, 1))}
                aria-label={t('settings.feeds.moveDown', { name: feed.name })}
              >
                {t('settings.feeds.down')}
              </Button>
              <Button
                variant="secondary"
                onClick={() =>
                  void update(
                    feeds.filter((_, i) => i !== index),
                    kind === 'home' ? t('settings.feeds.removedHome') : t('settings.feeds.removedReads'),
                  )
                }
                aria-label={t('settings.feeds.removeFeed', { name: feed.name })}
              >
                {t('settings.network.remove')}
              </Button>
            </li>
          ))}
        </ol>
      )}
      {canSign && (
        <Button variant="secondary" onClick={() => setConfirmRestore(true)}>
          {t('settings.feeds.restore')}
        </Button>
      )}
      <ConfirmDialog
        open={confirmRestore}
        onOpenChange={setConfirmRestore}
        title={t('settings.feeds.restore')}
        message={t('settings.feeds.restoreWarning')}
        confirmLabel={t('settings.feeds.restore')}
        cancelLabel={t('common.cancel')}
        closeLabel={t('common.close')}
        danger
        onConfirm={() => void restore()}
      />
    </>
  );
}

function RenameForm({ name, onDone }: { name: string; onDone: (name: string | null) => void }) {
  const t = useT();
  const [value, setValue] = useState(name);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onDone(value.trim());
  };
  return (
    <form onSubmit={submit} className={styles.row} style={{ padding: 0 }}>
      <TextField label={t('settings.feeds.newName')} value={value} onChange={(e) => setValue(e.currentTarget.value)} />
      <Button type="submit">{t('common.save')}</Button>
      <Button variant="secondary" onClick={() => onDone(null)}>
        {t('common.cancel')}
      </Button>
    </form>
  );
}
