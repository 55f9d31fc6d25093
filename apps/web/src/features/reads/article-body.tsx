import type { Page } from '@tide/core/model';
import { Fragment, type MouseEvent, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { userName } from '../note/note-author.tsx';
import { NostrReference } from '../note/note-references.tsx';
import { renderArticle } from './article-markdown.ts';
import styles from './reads.module.css';

/** An article's markdown, sanitised, with nostr: embeds and highlights; in-app links navigate without a reload. */
export function ArticleBody({ content, page, highlights }: { content: string; page: Page; highlights: string[] }) {
  const navigate = useNavigate();
  const segments = useMemo(
    () =>
      renderArticle(content, {
        nameOf: (pubkey) => (page.users[pubkey] ? userName(page.users[pubkey]) : undefined),
        highlights,
      }),
    [content, page, highlights],
  );
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = (event.target as Element).closest('a');
    const href = anchor?.getAttribute('href') ?? '';
    if (href.startsWith('/') && !href.startsWith('//') && !event.metaKey && !event.ctrlKey) {
      event.preventDefault();
      navigate(href);
    }
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: delegates clicks of the links inside the article
    // biome-ignore lint/a11y/useKeyWithClickEvents: links inside stay keyboard-activatable anchors
    <div className={styles.body} onClick={onClick} data-testid="article-body">
      {segments.map((segment, i) =>
        segment.type === 'html' ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: markdown-it (html off) output sanitised by DOMPurify
          // biome-ignore lint/suspicious/noArrayIndexKey: segments derive in order from immutable content
          <div key={i} dangerouslySetInnerHTML={{ __html: segment.html }} />
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments derive in order from immutable content
          <Fragment key={i}>
            <NostrReference decoded={segment.decoded} raw={segment.raw} page={page} depth={1} />
          </Fragment>
        ),
      )}
    </div>
  );
}
