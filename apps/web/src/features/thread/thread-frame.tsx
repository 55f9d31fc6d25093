import { lazy, Suspense, useMemo } from 'react';
import { useCacheQuery } from '../../data/use-cache-query.ts';
import { useT } from '../../i18n/intl.tsx';
import { Screen } from '../../ui/screen.tsx';
import { SkeletonList } from '../../ui/skeleton.tsx';
import { resolveVanityName } from '../profile/profile-ref.ts';
import { NoteThread } from './note-thread.tsx';
import styles from './thread.module.css';
import { parseThreadRef, type ThreadRef, vanityArticleRef } from './thread-ref.ts';

// The article page (markdown-it and DOMPurify) loads only when an article is opened.
const ArticleView = lazy(() => import('../reads/article-view.tsx').then((m) => ({ default: m.ArticleView })));

/** Props of {@link ThreadFrame}. */
export interface ThreadFrameProps {
  /** note/nevent/naddr/hex id, or a vanity identifier with `vanityName`. */
  id: string;
  vanityName?: string;
}

function Loading() {
  const t = useT();
  return (
    <Screen heading={t('thread.heading')} title={t('thread.title')}>
      <SkeletonList label={t('thread.loading')} count={3} />
    </Screen>
  );
}

/** A message screen for a thread that cannot be shown. */
export function ThreadMessage({ text }: { text: string }) {
  const t = useT();
  return (
    <Screen heading={t('thread.heading')} title={t('thread.title')}>
      <p className={styles.message} role="alert" data-testid="thread-missing">
        {text}
      </p>
    </Screen>
  );
}

/** Shows what a resolved thread ref names: a note thread, or an article page. */
export function ThreadRefView({ threadRef }: { threadRef: ThreadRef }) {
  const t = useT();
  if (threadRef.type === 'invalid') return <ThreadMessage text={t('thread.notFound')} />;
  if (threadRef.type === 'article') {
    const { pubkey, identifier, kind } = threadRef;
    return (
      <Suspense fallback={<Loading />}>
        <ArticleView articleRef={{ pubkey, identifier, kind }} />
      </Suspense>
    );
  }
  return <NoteThread id={threadRef.id} />;
}

function VanityThread({ vanityName, identifier }: { vanityName: string; identifier: string }) {
  const t = useT();
  const direct = useMemo(() => parseThreadRef(identifier), [identifier]);
  const name = useCacheQuery(['vanity', vanityName], () => resolveVanityName(vanityName), {
    enabled: direct.type === 'invalid',
    staleTime: 300_000,
  });
  if (direct.type !== 'invalid') return <ThreadRefView threadRef={direct} />;
  if (name.status === 'pending') return <Loading />;
  if (!name.data) return <ThreadMessage text={t('thread.notFound')} />;
  return <ThreadRefView threadRef={vanityArticleRef(name.data, identifier)} />;
}

/** Thread routes: `/thread/:id`, `/e/:id`, `/a/:id` (hex, note, nevent, naddr) and `/:vanityName/:identifier`. */
export function ThreadFrame({ id, vanityName }: ThreadFrameProps) {
  const threadRef = useMemo(() => parseThreadRef(id), [id]);
  if (vanityName) return <VanityThread vanityName={vanityName} identifier={id} />;
  return <ThreadRefView threadRef={threadRef} />;
}
