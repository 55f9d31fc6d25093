import { useT } from '../../../i18n/intl.tsx';
import { useSettings } from '../../../state/stores.ts';
import styles from '../../frames.module.css';
import { useSavedSettings } from '../sync/use-saved-settings.ts';
import { GuestNotice } from './guest-notice.tsx';

const LISTS = [
  { name: 'primal_spam', legend: 'settings.filters.spam', scopes: ['content', 'trending'] },
  { name: 'primal_nsfw', legend: 'settings.filters.nsfw', scopes: ['content', 'trending'] },
] as const;

const SCOPE_LABELS = { content: 'settings.filters.scopeContent', trending: 'settings.filters.scopeTrending' } as const;

/** Content moderation: apply moderation (default on) and the moderation lists with their scopes, saved to the account. */
export function FiltersSection() {
  const t = useT();
  const app = useSettings((s) => s.appSettings);
  const { save } = useSavedSettings();
  const scopesOf = (name: string) => app.contentModeration.find((m) => m.name === name)?.scopes ?? [];
  const setScope = (name: string, scope: string, on: boolean) => {
    const others = app.contentModeration.filter((m) => m.name !== name);
    const current = scopesOf(name).filter((s) => s !== scope);
    const scopes = on ? [...current, scope] : current;
    const list = LISTS.map((l) => l.name as string);
    const next = [...others, { name, scopes }].sort((a, b) => list.indexOf(a.name) - list.indexOf(b.name));
    save({ contentModeration: next });
  };
  return (
    <>
      <GuestNotice />
      <label className={styles.checkRow}>
        <input
          type="checkbox"
          checked={app.applyContentModeration}
          onChange={(e) => save({ applyContentModeration: e.currentTarget.checked })}
        />
        {t('settings.filters.apply')}
      </label>
      {LISTS.map((list) => (
        <fieldset key={list.name} className={styles.fieldset} disabled={!app.applyContentModeration}>
          <legend>{t(list.legend)}</legend>
          {list.scopes.map((scope) => (
            <label key={scope} className={styles.checkRow}>
              <input
                type="checkbox"
                checked={scopesOf(list.name).includes(scope)}
                onChange={(e) => setScope(list.name, scope, e.currentTarget.checked)}
              />
              {t(SCOPE_LABELS[scope])}
            </label>
          ))}
        </fieldset>
      ))}
    </>
  );
}
