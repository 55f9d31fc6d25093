import type { CommandClient } from '@tide/core/cache';
import { assemblePage, type Page, parseSuggestedUsers, type SuggestedGroup } from '@tide/core/model';
import { CacheKind } from '@tide/core/nostr';
import { useEffect } from 'react';
import { useCacheQuery } from '../../data/use-cache-query.ts';
import { useT } from '../../i18n/intl.tsx';
import { Avatar } from '../../ui/avatar.tsx';
import { Button } from '../../ui/button.tsx';
import { SkeletonList } from '../../ui/skeleton.tsx';
import { MemberBadge } from '../member-badge/index.ts';
import { userName } from '../note/note-author.tsx';
import styles from './create-account.module.css';

/** Suggested accounts by group, with the profiles to show them. */
export interface Suggestions {
  groups: SuggestedGroup[];
  page: Page;
}

/** `get_suggested_users`: the groups (kind 10000134) and the members' profiles. */
export async function loadSuggestions(client: CommandClient, signal?: AbortSignal): Promise<Suggestions> {
  const events = await client.request('get_suggested_users', undefined, { signal });
  const list = events.find((e) => e.kind === CacheKind.SuggestedUsers);
  const groups = list ? parseSuggestedUsers(list).filter((g) => g.members.length > 0) : [];
  return { groups, page: assemblePage(events) };
}

/** Props of {@link SuggestedFollows}. */
export interface SuggestedFollowsProps {
  selected: ReadonlySet<string>;
  onChange: (selected: Set<string>) => void;
}

/**
 * Step 3 of create account: the suggested accounts by group, each with a checkbox (all chosen at first, so the new
 * Home feed is not empty), and Follow all / Unfollow all per group. Loading shows a skeleton; an error says so.
 */
export function SuggestedFollows({ selected, onChange }: SuggestedFollowsProps) {
  const t = useT();
  const query = useCacheQuery(['suggested-users'], loadSuggestions, { staleTime: 60_000 });
  const data = query.data;
  const initialised = data !== undefined;

  // Everyone suggested is chosen once the list arrives (the user unticks whom they do not want).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the list first arrives
  useEffect(() => {
    if (!data || selected.size > 0) return;
    onChange(new Set(data.groups.flatMap((g) => g.members.map((m) => m.pubkey))));
  }, [initialised]);

  if (query.isError) return <p className={styles.formError}>{t('createAccount.suggestedFailed')}</p>;
  if (!data) return <SkeletonList label={t('createAccount.suggestedLoading')} count={3} />;
  if (data.groups.length === 0) return <p>{t('createAccount.suggestedNone')}</p>;

  const toggle = (pubkey: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(pubkey);
    else next.delete(pubkey);
    onChange(next);
  };
  const setGroup = (group: SuggestedGroup, on: boolean) => {
    const next = new Set(selected);
    for (const m of group.members) {
      if (on) next.add(m.pubkey);
      else next.delete(m.pubkey);
    }
    onChange(next);
  };

  return (
    <div data-testid="suggested-follows">
      {data.groups.map((group) => {
        const all = group.members.every((m) => selected.has(m.pubkey));
        return (
          <section key={group.group} className={styles.group} aria-label={group.group}>
            <div className={styles.groupHeader}>
              <h3 className={styles.groupTitle}>{group.group}</h3>
              <Button variant="ghost" size="sm" onClick={() => setGroup(group, !all)}>
                {all ? t('createAccount.unfollowAll') : t('createAccount.followAll')}
              </Button>
            </div>
            <ul className={styles.people}>
              {group.members.map((member) => {
                const user = data.page.users[member.pubkey];
                const name = user ? userName(user) : member.name || member.pubkey.slice(0, 12);
                return (
                  <li key={member.pubkey}>
                    <label className={styles.person}>
                      <input
                        type="checkbox"
                        value={member.pubkey}
                        checked={selected.has(member.pubkey)}
                        onChange={(e) => toggle(member.pubkey, e.currentTarget.checked)}
                      />
                      <Avatar src={user?.picture} size="sm" pubkey={member.pubkey} />
                      <span className={styles.personText}>
                        <span className={styles.personName}>
                          {name}
                          <MemberBadge pubkey={member.pubkey} />
                        </span>
                        {user?.about ? <span className={styles.personAbout}>{user.about}</span> : null}
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
