import { fetchUserInfos } from '@tide/core/cache';
import { emptyUser } from '@tide/core/model';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useCacheQuery } from '../../data/use-cache-query.ts';
import { useT } from '../../i18n/intl.tsx';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import styles from '../frames.module.css';
import { userName } from '../note/note-author.tsx';

/** Display names of `pubkeys` (their profiles from the caching service; a short npub while unknown). */
export function useNames(pubkeys: readonly string[]): (pubkey: string) => string {
  const infos = useCacheQuery(
    ['user-infos', [...pubkeys].sort().join(',')],
    (client, signal) => fetchUserInfos(client, { pubkeys: [...pubkeys] }, { signal }),
    { enabled: pubkeys.length > 0, staleTime: 60_000 },
  );
  return (pubkey) => userName(infos.data?.users[pubkey] ?? emptyUser(pubkey));
}

/** A titled list of entries, each with an optional remove button; says so when empty. */
export function Entries({
  heading,
  items,
  testId,
}: {
  heading: string;
  items: { key: string; label: ReactNode; remove?: ReactNode }[];
  testId: string;
}) {
  const t = useT();
  return (
    <section aria-label={heading} data-testid={testId}>
      <h3>{heading}</h3>
      {items.length === 0 ? (
        <p className={styles.muted}>{t('settings.muted.none')}</p>
      ) : (
        <ul className={styles.list}>
          {items.map((item) => (
            <li key={item.key} className={styles.row}>
              <span style={{ flex: 1, overflowWrap: 'anywhere' }}>{item.label}</span>
              {item.remove}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A remove button (busy while its change is published), named by `label` for assistive technology. */
export function RemoveButton({
  label,
  text,
  onRemove,
}: {
  label: string;
  text: string;
  onRemove: () => Promise<unknown>;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="sm"
      variant="secondary"
      aria-label={label}
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void onRemove().finally(() => setBusy(false));
      }}
    >
      {text}
    </Button>
  );
}

/** One text field and a button adding what was typed; the text stays until a relay confirmed. */
export function AddForm({
  label,
  action,
  onAdd,
  testId,
}: {
  label: string;
  action: string;
  onAdd: (text: string) => Promise<boolean>;
  testId: string;
}) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return;
    setBusy(true);
    try {
      if (await onAdd(text)) setText('');
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={submit} className={styles.row} data-testid={testId}>
      <TextField label={label} value={text} onChange={(e) => setText(e.currentTarget.value)} style={{ flex: 1 }} />
      <Button type="submit" size="sm" disabled={busy || !text.trim()}>
        {action}
      </Button>
    </form>
  );
}
