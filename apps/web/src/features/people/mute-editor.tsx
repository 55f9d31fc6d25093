import { useT } from '../../i18n/intl.tsx';
import { SkeletonList } from '../../ui/skeleton.tsx';
import { AddForm, Entries, RemoveButton, useNames } from './list-parts.tsx';
import { mute } from './run-people.ts';
import { useOwnMutes } from './use-people-lists.ts';

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
