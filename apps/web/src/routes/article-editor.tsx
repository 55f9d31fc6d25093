import { useParams } from 'react-router';
import { ArticleEditorFrame } from '../features/reads/article-editor-frame.tsx';

/** `/reads/edit/:id?`: write a new article or edit one. */
export function Page() {
  const { id } = useParams();
  return <ArticleEditorFrame key={id ?? 'new'} id={id} />;
}
