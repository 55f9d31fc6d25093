import type { FilterScope } from '@tide/core/edits';
import { toHexPubkey } from '@tide/core/nostr';
import { useState } from 'react';
import { useT } from '../../i18n/intl.tsx';
import { useSession } from '../../state/stores.ts';
import styles from '../frames.module.css';
import { AddForm, Entries, RemoveButton, useNames } from './list-parts.tsx';
import { allow, followMuteList } from './run-people.ts';
import { useAllowList, useFilterLists } from './use-people-lists.ts';

/** Where a followed mute list applies: content (feeds, threads, search) and trending (explore); each change published. */
function ScopeChecks({ pubkey, scopes }: { pubkey: string; scopes: readonly FilterScope[] }) {
  const t = useT();
  // The new choice shows while it is published; the saved list takes over after (the old one again on failure).
  const [pending, setPending] = useState<FilterScope[] | null>(null);
  const shown = pending ?? scopes;
  const toggle = (scope: FilterScope, on: boolean) => {
    const next = on ? [...shown, scope] : shown.filter((s) => s !== scope);
    setPending(next);
    void followMuteList(pubkey, next, null).finally(() => setPending(null));
  };
  return (
    <span className={styles.row}>
      {(['content', 'trending'] as const).map((scope) => (
        <label key={scope} className={styles.checkRow}>
          <input
            type="checkbox"
            checked={shown.includes(scope)}
            disabled={pending !== null}
            aria-busy={pending !== null}
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
