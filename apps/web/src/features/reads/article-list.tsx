import type { Article } from '@tide/core/model';
import { type ReactNode, useEffect, useRef } from 'react';
import { WindowVirtualizer, type WindowVirtualizerHandle } from 'virtua';
import { ArticleCard } from './article-card.tsx';

/** Rows from the end at which the next page is asked for. */
export const ARTICLES_LOAD_MORE_THRESHOLD = 4;

/** A window-scrolled virtualised list of article cards that asks for more near the end. */
export function ArticleList({
  articles,
  onEndReached,
  footer,
}: {
  articles: readonly Article[];
  onEndReached?: () => void;
  footer?: ReactNode;
}) {
  const ref = useRef<WindowVirtualizerHandle>(null);
  const endRef = useRef(onEndReached);
  endRef.current = onEndReached;
  const count = articles.length;
  const checkEnd = () => {
    const handle = ref.current;
    if (!handle || count === 0) return;
    const last = handle.findItemIndex(handle.scrollOffset + handle.viewportSize);
    if (last >= count - ARTICLES_LOAD_MORE_THRESHOLD) endRef.current?.();
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-check whenever the count changes
  useEffect(() => {
    checkEnd();
  }, [count]);
  return (
    <div data-testid="article-list">
      <WindowVirtualizer ref={ref} data={articles} onScroll={checkEnd} bufferSize={600}>
        {(article) => <ArticleCard key={article.id} article={article} />}
      </WindowVirtualizer>
      {footer}
    </div>
  );
}
