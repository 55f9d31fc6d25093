import { useQuery, useQueryClient } from '@tanstack/react-query';
import { normalizeRelayUrl } from '@tide/core/nostr';
import { type FormEvent, useState } from 'react';
import { useT } from '../../i18n/intl.tsx';
import { useSession } from '../../state/stores.ts';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import styles from '../frames.module.css';
import { dmRelayListTemplate, loadOwnDmRelayList } from './dm-relays.ts';

/**
 * The user's private message relays (kind 10050, NIP-17): where others send them gift-wrapped messages and where
 * Tide reads them. Add ('Invalid url'), remove, or start from their write relays; each change publishes the whole
 * list (the newest one read first, its other tags kept) and shows once a relay confirmed it. Without a list, people
 * can only send them NIP-04 messages.
 */
export function DmRelaySettings() {
  const t = useT();
  const me = useSession((s) => s.publicKey);
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const key = ['dm-relay-list', me];
  const list = useQuery({ queryKey: key, queryFn: () => loadOwnDmRelayList(me as string), enabled: !!me });
  if (!me) return null;

  async function save(relays: string[]): Promise<boolean> {
    setSaving(true);
    try {
      // the newest list again, right before changing it (another device may have changed it meanwhile)
      const latest = await loadOwnDmRelayList(me as string);
      const { publishEvent } = await import('../publish/index.ts');
      const result = await publishEvent(dmRelayListTemplate(latest.event, relays), {
        successMessage: t('messages.dmRelays.saved'),
        failureMessage: t('messages.dmRelays.failed'),
      });
      if (result?.success) queryClient.setQueryData(key, { event: result.event, relays: [...new Set(relays)] });
      return result?.success === true;
    } catch {
      setError(t('messages.dmRelays.loadFailed'));
      return false;
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
    const relays = list.data?.relays ?? [];
    if (relays.includes(normalized)) {
      setUrl('');
      return;
    }
    if (await save([...relays, normalized])) setUrl('');
  }

  async function fillFromWriteRelays() {
    const { getUserRelays } = await import('../publish/index.ts');
    const own = await getUserRelays().catch(() => null);
    const write = own?.relays.filter((r) => r.write).map((r) => r.url) ?? [];
    if (write.length) await save(write);
    else setError(t('settings.network.noRelays'));
  }

  const relays = list.data?.relays ?? [];
  return (
    <section aria-labelledby="dm-relays-title" data-testid="dm-relay-settings">
      <h3 id="dm-relays-title">{t('messages.dmRelays.title')}</h3>
      <p className={styles.muted}>{t('messages.dmRelays.body')}</p>
      {list.status === 'pending' ? (
        <p className={styles.muted}>{t('messages.dmRelays.loading')}</p>
      ) : list.status === 'error' ? (
        <p role="alert">{t('messages.dmRelays.loadFailed')}</p>
      ) : relays.length === 0 ? (
        <>
          <p className={styles.muted}>{t('messages.dmRelays.none')}</p>
          <Button variant="secondary" disabled={saving} onClick={() => void fillFromWriteRelays()}>
            {t('messages.dmRelays.useWrite')}
          </Button>
        </>
      ) : (
        <ul className={styles.list} aria-label={t('messages.dmRelays.title')}>
          {relays.map((relay) => (
            <li key={relay} className={styles.listItem} data-dm-relay={relay}>
              <strong>{relay}</strong>
              <Button
                variant="secondary"
                size="sm"
                disabled={saving}
                aria-label={t('messages.dmRelays.remove', { url: relay })}
                onClick={() => void save(relays.filter((r) => r !== relay))}
              >
                {t('settings.network.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={add} noValidate>
        <TextField
          label={t('messages.dmRelays.addLabel')}
          value={url}
          error={error}
          spellCheck={false}
          placeholder="wss://"
          onChange={(e) => setUrl(e.currentTarget.value)}
        />
        <div className={styles.row} style={{ padding: 0 }}>
          <Button type="submit" disabled={saving || list.status !== 'success'}>
            {t('messages.dmRelays.add')}
          </Button>
        </div>
      </form>
    </section>
  );
}
