import { Suspense } from 'react';
import { useParams } from 'react-router';
import { RouteFallback } from '../app/route-fallback.tsx';
import { ArticleEditorFrame } from '../features/article-editor/index.ts';

/** `/reads/edit/:id?`: write a new article or edit one's own article or draft. */
export function Page() {
  const { id } = useParams();
  return (
    <Suspense fallback={<RouteFallback />}>
      <ArticleEditorFrame id={id} />
    </Suspense>
  );
}
