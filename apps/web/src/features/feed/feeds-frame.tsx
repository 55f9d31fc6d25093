import { advancedSearchSpec, fetchFeedBySpec } from '@tide/core/cache';
import { useLocation } from 'react-router';
import { pageParams } from '../../data/spec-page.ts';
import { usePagedQuery } from '../../data/use-paged-query.ts';
import { useT } from '../../i18n/intl.tsx';
import { useSession } from '../../state/stores.ts';
import { EmptyState, Panel, Screen } from '../../ui/screen.tsx';
import { SkeletonList } from '../../ui/skeleton.tsx';
import { useModeration } from '../moderation/use-moderation.ts';
import { NoteList } from '../note/note-list.tsx';
import { AddFeedButton } from '../settings/index.ts';

/**
 * The feed specification a `/feeds/:query` address tries: a JSON spec as given (`{"id":"latest","kind":"notes"}`),
 * anything else as a search of those words; `undefined` for a JSON spec that does not parse.
 */
export function feedTestSpec(query: string): string | undefined {
  const text = query.trim();
  if (!text.startsWith('{')) return advancedSearchSpec(text);
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? JSON.stringify(parsed) : undefined;
  } catch {
    return undefined;
  }
}

function FeedTest({ spec }: { spec: string }) {
  const t = useT();
  const location = useLocation();
  const viewer = useSession((s) => s.publicKey);
  const feed = usePagedQuery(['feed-test', spec, viewer], (client, cursor, signal) =>
    fetchFeedBySpec(client, { spec, ...(viewer ? { user_pubkey: viewer } : {}), ...pageParams(cursor) }, { signal }),
  );
  const moderation = useModeration('content', feed.page?.filteringReasons);
  if (feed.status === 'pending') return <SkeletonList label={t('home.loading')} />;
  if (feed.status === 'error' || !feed.page) {
    return (
      <p role="alert" style={{ padding: '12px 16px', margin: 0 }} data-testid="feed-test-error">
        {t('feed.loadFailed')}
      </p>
    );
  }
  const notes = moderation.filterNotes(feed.page.notes);
  if (!notes.length) return <EmptyState title={t('feed.empty')} />;
  return (
    <NoteList
      notes={notes}
      page={feed.page}
      onEndReached={feed.fetchNextPage}
      restoreKey={`feeds:${spec}:${location.key}`}
    />
  );
}

/** Feed tests (`/feeds`, `/feeds/:query`): shows which feed specification is being tried and its notes. */
export function FeedsFrame({ query }: { query?: string }) {
  const t = useT();
  const spec = query ? feedTestSpec(query) : undefined;
  return (
    <Screen
      heading={t('feeds.heading')}
      sidebar={
        <Panel title={t('feeds.aboutTitle')}>
          <p>{t('feeds.about')}</p>
        </Panel>
      }
      sidebarLabel={t('layout.sidebar')}
    >
      <p style={{ padding: '12px 16px', margin: 0, overflowWrap: 'anywhere' }}>
        {query ? t('feeds.query', { query }) : t('feeds.noQuery')}
      </p>
      {query && !spec ? (
        <p role="alert" style={{ padding: '0 16px 12px', margin: 0 }}>
          {t('feeds.invalid')}
        </p>
      ) : null}
      {spec && query ? (
        <div style={{ padding: '0 16px 12px' }}>
          <AddFeedButton
            kind={spec.includes('"kind":"reads"') ? 'reads' : 'home'}
            feed={{ name: query.length > 40 ? `${query.slice(0, 40)}…` : query, spec, description: '' }}
          />
        </div>
      ) : null}
      {spec ? <FeedTest key={spec} spec={spec} /> : null}
    </Screen>
  );
}
