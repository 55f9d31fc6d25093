import type { Article } from '@tide/core/model';
import { type ReactNode, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { WindowVirtualizer } from 'virtua';
import { useListRestore } from '../note/use-list-restore.ts';
import { ArticleCard } from './article-card.tsx';

/** Rows from the end at which the next page is asked for. */
export const ARTICLES_LOAD_MORE_THRESHOLD = 4;

/** Props of {@link ArticleList}. */
export interface ArticleListProps {
  articles: readonly Article[];
  onEndReached?: () => void;
  /** Saves and restores the scroll position under this key; by default the route's path and location key. */
  restoreKey?: string;
  footer?: ReactNode;
}

/** A window-scrolled virtualised list of article cards that asks for more near the end; scroll is restored. */
export function ArticleList({ articles, onEndReached, restoreKey, footer }: ArticleListProps) {
  const location = useLocation();
  const restore = useListRestore(restoreKey ?? `articles:${location.pathname}:${location.key}`);
  const ref = restore.ref;
  const endRef = useRef(onEndReached);
  endRef.current = onEndReached;
  const count = articles.length;
  const checkEnd = () => {
    const handle = ref.current;
    if (!handle || count === 0) return;
    const last = handle.findItemIndex(handle.scrollOffset + handle.viewportSize);
    if (last >= count - ARTICLES_LOAD_MORE_THRESHOLD) endRef.current?.();
  };
  const onScroll = () => {
    restore.onScroll();
    checkEnd();
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-check whenever the count changes
  useEffect(() => {
    checkEnd();
  }, [count]);
  return (
    <div data-testid="article-list" data-count={count} data-restored={restore.restored ? 'true' : undefined}>
      <WindowVirtualizer ref={ref} data={articles} cache={restore.cache} onScroll={onScroll} bufferSize={600}>
        {(article) => <ArticleCard key={article.id} article={article} />}
      </WindowVirtualizer>
      {footer}
    </div>
  );
}
