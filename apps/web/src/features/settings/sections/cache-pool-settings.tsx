import { type FormEvent, useState } from 'react';
import { CacheStatusLine } from '../../../app/cache-status-line.tsx';
import { useT } from '../../../i18n/intl.tsx';
import { stores } from '../../../state/stores.ts';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import styles from '../../frames.module.css';
import { addToPool, type CachePool, readCachePool, removeFromPool, writeCachePool } from './cache-pool.ts';
import { defaultCacheServerUrl } from './cache-server-url.ts';

/** Network → caching services: the pool (add, remove, choose); the chosen one is used from the next page load. */
export function CachePoolSettings() {
  const t = useT();
  const fallback = defaultCacheServerUrl(window.location);
  const [pool, setPool] = useState(() => readCachePool(fallback));
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | undefined>();
  const toast = (kind: 'success' | 'error', message: string) => stores.toasts.getState().show({ kind, message });

  const commit = (next: CachePool, message: string) => {
    writeCachePool(next);
    setPool(next);
    toast('success', message);
  };

  function add(event: FormEvent) {
    event.preventDefault();
    const { pool: next, problem } = addToPool(pool, url);
    if (problem) {
      setError(problem === 'invalid' ? t('settings.network.invalidUrl') : t('settings.network.cacheDuplicate'));
      return;
    }
    setError(undefined);
    setUrl('');
    commit(next, t('settings.network.cacheAdded'));
  }

  function remove(target: string) {
    const { pool: next, problem } = removeFromPool(pool, target);
    if (problem) {
      toast('error', t('settings.network.cacheNeedOne'));
      return;
    }
    commit(next, t('settings.network.cacheRemoved'));
  }

  return (
    <>
      <h3>{t('settings.network.cacheTitle')}</h3>
      <fieldset className={styles.fieldset}>
        <legend>{t('settings.network.cachePool')}</legend>
        <ul className={styles.list} data-testid="cache-pool">
          {pool.urls.map((u) => (
            <li key={u} className={styles.listItem}>
              <label className={styles.checkRow}>
                <input
                  type="radio"
                  name="cache-server"
                  checked={pool.active === u}
                  onChange={() => commit({ ...pool, active: u }, t('settings.network.saved'))}
                />
                <code>{u}</code>
              </label>
              <Button
                variant="secondary"
                onClick={() => remove(u)}
                aria-label={t('settings.network.removeCache', { url: u })}
              >
                {t('settings.network.remove')}
              </Button>
            </li>
          ))}
        </ul>
      </fieldset>
      <form onSubmit={add} noValidate>
        <TextField
          label={t('settings.network.cacheLabel')}
          hint={t('settings.network.cacheHint', { url: fallback })}
          value={url}
          error={error}
          spellCheck={false}
          onChange={(e) => setUrl(e.currentTarget.value)}
        />
        <div className={styles.row} style={{ padding: 0 }}>
          <Button type="submit">{t('settings.network.addCache')}</Button>
        </div>
      </form>
      <CacheStatusLine />
    </>
  );
}
