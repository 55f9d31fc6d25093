import { type FormEvent, useState } from 'react';
import { CacheStatusLine } from '../../../app/cache-status-line.tsx';
import { useT } from '../../../i18n/intl.tsx';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../../state/storage.ts';
import { stores } from '../../../state/stores.ts';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import styles from '../../frames.module.css';
import { defaultCacheServerUrl, isWebSocketUrl } from './cache-server-url.ts';
import { GuestNotice } from './guest-notice.tsx';
import { RelaySettings } from './relay-settings.tsx';

/** Network: the caching service address (stored in localStorage.cacheServer) and the user's relays. */
export function NetworkSection() {
  const t = useT();
  const fallback = defaultCacheServerUrl(window.location);
  const [url, setUrl] = useState(readStorage(STORAGE_KEYS.cacheServer) ?? fallback);
  const [error, setError] = useState<string | undefined>();

  function save(event: FormEvent) {
    event.preventDefault();
    if (!isWebSocketUrl(url)) {
      setError(t('settings.network.invalidUrl'));
      return;
    }
    setError(undefined);
    writeStorage(STORAGE_KEYS.cacheServer, url.trim());
    stores.toasts.getState().show({ kind: 'success', message: t('settings.network.saved') });
  }

  return (
    <>
      <h3>{t('settings.network.cacheTitle')}</h3>
      <form onSubmit={save} noValidate>
        <TextField
          label={t('settings.network.cacheLabel')}
          hint={t('settings.network.cacheHint', { url: fallback })}
          value={url}
          error={error}
          spellCheck={false}
          onChange={(e) => setUrl(e.currentTarget.value)}
        />
        <div className={styles.row} style={{ padding: 0 }}>
          <Button type="submit">{t('common.save')}</Button>
          <Button variant="secondary" onClick={() => setUrl(fallback)}>
            {t('settings.network.restore')}
          </Button>
        </div>
      </form>
      <CacheStatusLine />
      <h3>{t('settings.network.relaysTitle')}</h3>
      <p>{t('settings.network.relaysBody')}</p>
      <GuestNotice />
      <RelaySettings />
    </>
  );
}
