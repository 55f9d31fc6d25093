import { fetchUserInfos } from '@tide/core/cache';
import type { FilterScope } from '@tide/core/edits';
import { emptyUser } from '@tide/core/model';
import { toHexPubkey } from '@tide/core/nostr';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useCacheQuery } from '../../data/use-cache-query.ts';
import { useT } from '../../i18n/intl.tsx';
import { useSession } from '../../state/stores.ts';
import { Button } from '../../ui/button.tsx';
import { SkeletonList } from '../../ui/skeleton.tsx';
import { TextField } from '../../ui/text-field.tsx';
import styles from '../frames.module.css';
import { userName } from '../note/note-author.tsx';
import { allow, followMuteList, mute } from './run-people.ts';
import { useAllowList, useFilterLists, useOwnMutes } from './use-people-lists.ts';

/** Display names of `pubkeys` (their profiles from the caching service; a short npub while unknown). */
function useNames(pubkeys: readonly string[]): (pubkey: string) => string {
  const infos = useCacheQuery(
    ['user-infos', [...pubkeys].sort().join(',')],
    (client, signal) => fetchUserInfos(client, { pubkeys: [...pubkeys] }, { signal }),
    { enabled: pubkeys.length > 0, staleTime: 60_000 },
  );
  return (pubkey) => userName(infos.data?.users[pubkey] ?? emptyUser(pubkey));
}

function Entries({
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

function RemoveButton({ label, text, onRemove }: { label: string; text: string; onRemove: () => Promise<unknown> }) {
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
function AddForm({
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

/** Settings → Muted: the viewer's muted accounts, words, hashtags and threads, each removable; words and hashtags addable. */
export function MuteEditor() {
  const t = useT();
  const mutes = useOwnMutes();
  const names = useNames(mutes.entries.users);
  if (mutes.status === 'pending') return <SkeletonList label={t('common.loading')} count={3} />;
  if (mutes.status === 'error') return <p role="alert">{t('settings.muted.loadFailed')}</p>;
  const { users, words, hashtags, threads } = mutes.entries;
  const ok = (outcome: { status: string }) => outcome.status !== 'failed';
  return (
    <div data-testid="mute-editor">
      <Entries
        heading={t('settings.muted.users')}
        testId="muted-users"
        items={users.map((pk) => ({
          key: pk,
          label: names(pk),
          remove: (
            <RemoveButton
              text={t('settings.muted.unmute')}
              label={t('settings.muted.remove', { item: names(pk) })}
              onRemove={() => mute({ type: 'user', pubkey: pk }, false, t('people.unmutedUser', { name: names(pk) }))}
            />
          ),
        }))}
      />
      <Entries
        heading={t('settings.muted.words')}
        testId="muted-words"
        items={words.map((w) => ({
          key: w,
          label: w,
          remove: (
            <RemoveButton
              text={t('settings.muted.unmute')}
              label={t('settings.muted.remove', { item: w })}
              onRemove={() => mute({ type: 'word', word: w }, false, null)}
            />
          ),
        }))}
      />
      <AddForm
        label={t('settings.muted.wordLabel')}
        action={t('settings.muted.add')}
        testId="mute-word-form"
        onAdd={async (word) => ok(await mute({ type: 'word', word }, true, null))}
      />
      <Entries
        heading={t('settings.muted.hashtags')}
        testId="muted-hashtags"
        items={hashtags.map((h) => ({
          key: h,
          label: `#${h}`,
          remove: (
            <RemoveButton
              text={t('settings.muted.unmute')}
              label={t('settings.muted.remove', { item: `#${h}` })}
              onRemove={() => mute({ type: 'hashtag', hashtag: h }, false, null)}
            />
          ),
        }))}
      />
      <AddForm
        label={t('settings.muted.hashtagLabel')}
        action={t('settings.muted.add')}
        testId="mute-hashtag-form"
        onAdd={async (hashtag) => ok(await mute({ type: 'hashtag', hashtag }, true, null))}
      />
      <Entries
        heading={t('settings.muted.threads')}
        testId="muted-threads"
        items={threads.map((id) => ({
          key: id,
          label: `${id.slice(0, 16)}…`,
          remove: (
            <RemoveButton
              text={t('settings.muted.unmute')}
              label={t('settings.muted.remove', { item: id.slice(0, 16) })}
              onRemove={() => mute({ type: 'thread', id }, false, null)}
            />
          ),
        }))}
      />
    </div>
  );
}

/** Where a followed mute list applies: content (feeds, threads, search) and trending (explore); each change published. */
function ScopeChecks({ pubkey, scopes }: { pubkey: string; scopes: readonly FilterScope[] }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const toggle = (scope: FilterScope, on: boolean) => {
    const next = on ? [...scopes, scope] : scopes.filter((s) => s !== scope);
    setBusy(true);
    void followMuteList(pubkey, next, null).finally(() => setBusy(false));
  };
  return (
    <span className={styles.row}>
      {(['content', 'trending'] as const).map((scope) => (
        <label key={scope} className={styles.checkRow}>
          <input
            type="checkbox"
            checked={scopes.includes(scope)}
            disabled={busy}
            onChange={(e) => toggle(scope, e.currentTarget.checked)}
          />
          {t(scope === 'content' ? 'settings.filters.scopeContent' : 'settings.filters.scopeTrending')}
        </label>
      ))}
    </span>
  );
}

/** The mute lists the viewer follows (the own entry stays) and the allow list (add by npub or hex, remove). */
export function ListsEditor() {
  const t = useT();
  const viewer = useSession((s) => s.publicKey);
  const lists = useFilterLists();
  const allowed = useAllowList();
  const names = useNames([...lists.entries.map((e) => e.pubkey), ...allowed.entries]);
  const [invalid, setInvalid] = useState(false);
  return (
    <div data-testid="lists-editor">
      <Entries
        heading={t('settings.lists.heading')}
        testId="filter-lists"
        items={lists.entries.map((e) => ({
          key: e.pubkey,
          label:
            e.pubkey === viewer ? (
              t('settings.lists.own')
            ) : (
              <>
                {names(e.pubkey)} <ScopeChecks pubkey={e.pubkey} scopes={e.scopes} />
              </>
            ),
          remove:
            e.pubkey === viewer ? undefined : (
              <RemoveButton
                text={t('settings.lists.removeButton')}
                label={t('settings.lists.remove', { name: names(e.pubkey) })}
                onRemove={() => followMuteList(e.pubkey, false, t('people.unfollowedMuteList'))}
              />
            ),
        }))}
      />
      <h3>{t('settings.allow.heading')}</h3>
      <p className={styles.muted}>{t('settings.allow.body')}</p>
      <Entries
        heading={t('settings.allow.heading')}
        testId="allow-list"
        items={allowed.entries.map((pk) => ({
          key: pk,
          label: names(pk),
          remove: (
            <RemoveButton
              text={t('settings.lists.removeButton')}
              label={t('settings.allow.remove', { name: names(pk) })}
              onRemove={() => allow(pk, false)}
            />
          ),
        }))}
      />
      <AddForm
        label={t('settings.allow.label')}
        action={t('settings.allow.add')}
        testId="allow-form"
        onAdd={async (text) => {
          const pubkey = toHexPubkey(text.trim());
          setInvalid(!pubkey);
          if (!pubkey) return false;
          return (await allow(pubkey, true)).status !== 'failed';
        }}
      />
      {invalid ? <p role="alert">{t('settings.allow.invalid')}</p> : null}
    </div>
  );
}
