import { emptyPage } from '@tide/core/model';
import { useMemo } from 'react';
import { ArticleContent } from '../reads/article-content.tsx';
import type { ArticleFields } from './article-events.ts';

const NO_HIGHLIGHTS: string[] = [];

/** The article as it will read once published: the article page's own renderer over the editor's fields. */
export function ArticlePreview({ fields }: { fields: ArticleFields }) {
  const page = useMemo(() => emptyPage(), []);
  return (
    <ArticleContent
      title={fields.title}
      summary={fields.summary}
      image={fields.image}
      content={fields.content}
      page={page}
      highlights={NO_HIGHLIGHTS}
      testId="article-preview"
    />
  );
}
