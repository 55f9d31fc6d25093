import { Kind } from '@tide/core/nostr';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../i18n/intl.tsx';
import { useSession } from '../../state/stores.ts';
import { Button } from '../../ui/button.tsx';
import { EmptyState, Screen } from '../../ui/screen.tsx';
import { SkeletonList } from '../../ui/skeleton.tsx';
import { requestKey } from '../account/require-sign-in.ts';
import { SignInButton } from '../account/sign-in-button.tsx';
import styles from './article-editor.module.css';
import { EditorForm } from './editor-form.tsx';
import { editorPathOf } from './editor-source.ts';
import { useEditorStart } from './use-editor-start.ts';

/**
 * The article editor (`/reads/edit/:id?`): a new article, or the signed-in user's own article or draft (naddr, note
 * id). When a new article's draft first reaches a relay, the address bar takes the draft's naddr (without reloading
 * the form), so a reload opens it again.
 */
export function ArticleEditorFrame({ id }: { id?: string }) {
  const t = useT();
  const navigate = useNavigate();
  const pubkey = useSession((s) => s.publicKey);
  const canSign = useSession((s) => s.canSign);
  const method = useSession((s) => s.method);
  const adopted = useRef<string | undefined>(undefined);
  const [openId, setOpenId] = useState(id);
  if (id !== openId && (id === undefined || id !== adopted.current)) setOpenId(id);
  const state = useEditorStart(openId, pubkey);

  const onDraftSaved = useCallback(
    (draftId: string) => {
      if (!pubkey || openId) return;
      const path = editorPathOf(Kind.Draft, pubkey, draftId);
      adopted.current = path.slice('/reads/edit/'.length);
      navigate(path, { replace: true });
    },
    [navigate, openId, pubkey],
  );

  const heading = openId ? t('editor.headingEdit') : t('editor.headingNew');
  if (!pubkey || method === 'npub') {
    return (
      <Screen heading={heading}>
        <EmptyState title={t('editor.signInTitle')}>
          <p>{t('editor.signInHint')}</p>
          {!pubkey ? <SignInButton label={t('editor.signIn')} /> : null}
        </EmptyState>
      </Screen>
    );
  }
  let body: React.ReactNode;
  if (state.status === 'ready') {
    body = <EditorForm key={openId ?? 'new'} start={state.start} pubkey={pubkey} onDraftSaved={onDraftSaved} />;
  } else if (state.status === 'loading') {
    body = <SkeletonList label={t('editor.loading')} count={2} />;
  } else if (state.status === 'locked') {
    body = (
      <div className={styles.message} role="alert">
        <p>{t('editor.locked')}</p>
        <Button onClick={() => requestKey(t('auth.required'))} disabled={canSign}>
          {t('editor.unlock')}
        </Button>
      </div>
    );
  } else {
    const message =
      state.status === 'invalid'
        ? t('editor.invalid')
        : state.status === 'missing'
          ? t('editor.missing')
          : t('editor.loadFailed');
    body = (
      <p className={styles.message} role="alert" data-testid="editor-error">
        {message}
      </p>
    );
  }
  return <Screen heading={heading}>{body}</Screen>;
}
