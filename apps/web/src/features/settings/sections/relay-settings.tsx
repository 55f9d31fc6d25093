import { normalizeRelayUrl } from '@tide/core/nostr';
import { type FormEvent, useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { useT } from '../../../i18n/intl.tsx';
import { useSession } from '../../../state/stores.ts';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import styles from '../../frames.module.css';
import {
  connectUserRelays,
  refreshRelayStatus,
  relayListStore,
  saveUserRelays,
  setProxyMode,
  type UserRelay,
  useProxyMode,
  useUserRelays,
} from '../../publish/index.ts';

/** How often the relays' connection state is read while the section is open. */
const STATUS_EVERY_MS = 1500;

/**
 * The user's relays (Settings → Network): read/write flags, add (normalised, 'Invalid url'), remove and each relay's
 * connection state; every change is published as the kind 10002 list and shown once a relay confirmed it. Proxy mode
 * (spec §4) suspends the direct relay sockets and lets the caching service broadcast.
 */
export function RelaySettings() {
  const t = useT();
  const signedIn = useSession((s) => s.publicKey !== null);
  const list = useUserRelays();
  const status = useStore(relayListStore, (s) => s.status);
  const proxy = useProxyMode();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!signedIn) return;
    void connectUserRelays().catch(() => undefined);
    const timer = setInterval(() => void refreshRelayStatus(), STATUS_EVERY_MS);
    return () => clearInterval(timer);
  }, [signedIn]);

  if (!signedIn) return null;

  async function save(relays: UserRelay[]): Promise<boolean> {
    setSaving(true);
    try {
      const result = await saveUserRelays(relays, {
        successMessage: t('settings.network.relaysSaved'),
        failureMessage: t('settings.network.relaysFailed'),
      });
      if (result?.success) void connectUserRelays().catch(() => undefined);
      return result?.success === true;
    } finally {
      setSaving(false);
    }
  }

  async function add(event: FormEvent) {
    event.preventDefault();
    let normalized: string;
    try {
      normalized = normalizeRelayUrl(url);
    } catch {
      setError(t('settings.network.invalidUrl'));
      return;
    }
    setError(undefined);
    const relays = list?.relays ?? [];
    if (relays.some((r) => r.url === normalized)) {
      setUrl('');
      return;
    }
    if (await save([...relays, { url: normalized, read: true, write: true }])) setUrl('');
  }

  const relays = list?.relays ?? [];
  const change = (target: string, patch: Partial<UserRelay> | null) =>
    void save(relays.flatMap((r) => (r.url !== target ? [r] : patch ? [{ ...r, ...patch }] : [])));

  return (
    <section aria-labelledby="relay-settings-title">
      <h3 id="relay-settings-title">{t('settings.network.yourRelays')}</h3>
      {list === null ? (
        <p className={styles.muted}>{t('settings.network.relaysLoading')}</p>
      ) : relays.length === 0 ? (
        <p className={styles.muted}>{t('settings.network.noRelays')}</p>
      ) : (
        <ul className={styles.list} aria-label={t('settings.network.yourRelays')}>
          {relays.map((relay) => (
            <li key={relay.url} className={styles.listItem} data-relay={relay.url}>
              <span>
                <strong>{relay.url}</strong>
                <br />
                <span className={styles.muted} data-relay-status={status[relay.url] ?? 'disconnected'}>
                  {proxy
                    ? t('settings.network.statusProxied')
                    : status[relay.url] === 'connected'
                      ? t('settings.network.statusConnected')
                      : t('settings.network.statusDisconnected')}
                </span>
              </span>
              <span className={styles.row} style={{ padding: 0, alignItems: 'center' }}>
                <label className={styles.checkRow}>
                  <input
                    type="checkbox"
                    checked={relay.read}
                    disabled={saving}
                    onChange={(e) => change(relay.url, { read: e.currentTarget.checked })}
                  />
                  {t('profile.relayRead')}
                </label>
                <label className={styles.checkRow}>
                  <input
                    type="checkbox"
                    checked={relay.write}
                    disabled={saving}
                    onChange={(e) => change(relay.url, { write: e.currentTarget.checked })}
                  />
                  {t('profile.relayWrite')}
                </label>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={saving}
                  aria-label={t('settings.network.removeRelay', { url: relay.url })}
                  onClick={() => change(relay.url, null)}
                >
                  {t('settings.network.remove')}
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={add} noValidate>
        <TextField
          label={t('settings.network.addRelayLabel')}
          value={url}
          error={error}
          spellCheck={false}
          placeholder="wss://"
          onChange={(e) => setUrl(e.currentTarget.value)}
        />
        <div className={styles.row} style={{ padding: 0 }}>
          <Button type="submit" disabled={saving || list === null}>
            {t('settings.network.addRelay')}
          </Button>
        </div>
      </form>
      <fieldset className={styles.fieldset}>
        <legend>{t('settings.network.proxyTitle')}</legend>
        <label className={styles.checkRow}>
          <input type="checkbox" checked={proxy} onChange={(e) => void setProxyMode(e.currentTarget.checked)} />
          {t('settings.network.proxyLabel')}
        </label>
        <p className={styles.muted}>{t('settings.network.proxyHint')}</p>
      </fieldset>
    </section>
  );
}
