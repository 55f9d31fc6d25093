// The article editor (issue 14): TipTap and the editor code load only with the editor's route; the actions and the
// event rules below are small and used by My Articles too.
import { lazy } from 'react';

export {
  type ActionMessages,
  articleCoordinateOf,
  deleteAddressable,
  draftCoordinate,
  publishArticle,
  saveArticleDraft,
} from './article-actions.ts';
export {
  type ArticleFields,
  articleIdentifier,
  articleTemplate,
  coordinateOf,
  deletionTemplate,
  draftTemplate,
  emptyArticleFields,
  fieldsOfArticle,
  type OpenedDraft,
  openDraft,
} from './article-events.ts';
export { editorPathOf } from './editor-source.ts';

/** The editor screen, loaded on first use (its chunk carries TipTap). */
export const ArticleEditorFrame = lazy(() =>
  import('./editor-frame.tsx').then((m) => ({ default: m.ArticleEditorFrame })),
);
