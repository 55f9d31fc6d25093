import type { Note as NoteModel } from '@tide/core/model';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { useCacheQuery } from '../../data/use-cache-query.ts';
import { useT } from '../../i18n/intl.tsx';
import { useSession } from '../../state/stores.ts';
import { Screen } from '../../ui/screen.tsx';
import { SkeletonList } from '../../ui/skeleton.tsx';
import { ReplyBox } from '../composer/index.ts';
import { Note } from '../note/note.tsx';
import { userName } from '../note/note-author.tsx';
import styles from './thread.module.css';
import { loadThread, loadTopZaps, threadPeople, withTopZaps } from './thread-queries.ts';
import { ThreadSidebar } from './thread-sidebar.tsx';

/** A note's thread: parents (root first), the primary note highlighted and scrolled into view, then replies. */
export function NoteThread({ id }: { id: string }) {
  const t = useT();
  const viewer = useSession((s) => s.publicKey);
  const thread = useCacheQuery(['thread', id, viewer], (client, signal) => loadThread(client, id, viewer, signal));
  const data = thread.data;
  // The primary note's id: the requested one, or the reposted note's when a repost was opened.
  const zapsId = data?.view.primaryNote?.id ?? id;
  const zaps = useCacheQuery(['thread-zaps', zapsId], (client, signal) => loadTopZaps(client, zapsId, signal));
  const primaryRef = useRef<HTMLDivElement>(null);
  const primary: NoteModel | undefined = data?.view.primaryNote;
  const people = useMemo(() => (data ? threadPeople(data.view, data.page) : []), [data]);
  const primaryPage = useMemo(
    () => (data && primary ? withTopZaps(data.page, primary, zaps.data) : undefined),
    [data, primary, zaps.data],
  );

  useEffect(() => {
    if (primary) primaryRef.current?.scrollIntoView?.({ block: 'start' });
  }, [primary]);

  const title = primary ? t('thread.titleBy', { name: userName(primary.user) }) : t('thread.title');
  const sidebar = (
    <ThreadSidebar
      author={primary?.user}
      people={people}
      verifiedNames={data?.page.verifiedNames ?? {}}
      loading={thread.status === 'pending'}
    />
  );
  let body: ReactNode;
  if (thread.status === 'pending') body = <SkeletonList label={t('thread.loading')} count={3} />;
  else if (thread.status === 'error')
    body = (
      <p className={styles.message} role="alert">
        {t('thread.loadFailed')}
      </p>
    );
  else if (!data || !primary || !primaryPage)
    body = (
      <p className={styles.message} role="alert" data-testid="thread-missing">
        {t('thread.notFound')}
      </p>
    );
  else
    body = (
      <div data-testid="thread">
        <div className={styles.parents} data-testid="thread-parents">
          {data.view.parents.map((note) => (
            <Note key={note.id} note={note} page={data.page} />
          ))}
        </div>
        <div ref={primaryRef} className={styles.primary} data-testid="thread-primary">
          <Note note={primary} page={primaryPage} variant="primary" />
        </div>
        <ReplyBox key={primary.id} note={primary} />
        <div data-testid="thread-replies">
          {data.view.replies.map((note) => (
            <Note key={note.id} note={note} page={data.page} />
          ))}
        </div>
      </div>
    );
  return (
    <Screen heading={t('thread.heading')} title={title} sidebarLabel={t('layout.sidebar')} sidebar={sidebar}>
      {body}
    </Screen>
  );
}
