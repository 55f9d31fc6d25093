import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppData } from '../../data/data-context.tsx';
import { useT } from '../../i18n/intl.tsx';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { TextAreaField, TextField } from '../../ui/text-field.tsx';
import styles from './article-editor.module.css';
import { type ArticleFields, articleIdentifier, parseTopics } from './article-events.ts';
import { ArticlePreview } from './article-preview.tsx';
import { CoverImageField } from './cover-image-field.tsx';
import { articleExists } from './editor-source.ts';
import { MarkdownEditor } from './markdown-editor.tsx';
import { useArticleDraft } from './use-article-draft.ts';
import type { EditorStart } from './use-editor-start.ts';

type BodyMode = 'write' | 'markdown' | 'preview';

/** The article form: title, summary, cover image, topics, body (rich text, markdown or preview); draft and publish. */
export function EditorForm({
  start,
  pubkey,
  onDraftSaved,
}: {
  start: EditorStart;
  pubkey: string;
  onDraftSaved: (draftId: string) => void;
}) {
  const t = useT();
  const navigate = useNavigate();
  const draft = useArticleDraft(start, pubkey, onDraftSaved);
  const { fields, setFields } = draft;
  const [topicsText, setTopicsText] = useState(start.fields.topics.join(', '));
  const [mode, setMode] = useState<BodyMode>('write');
  const [titleError, setTitleError] = useState('');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [confirmReplace, setConfirmReplace] = useState(false);
  const [checking, setChecking] = useState(false);
  const { commands } = useAppData();
  const titleId = useId();
  const set = (key: 'title' | 'summary') => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    if (key === 'title' && value.trim()) setTitleError('');
    setFields((f) => ({ ...f, [key]: value }));
  };
  const setValue = <K extends keyof ArticleFields>(key: K, value: ArticleFields[K]) =>
    setFields((f) => ({ ...f, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!fields.title.trim()) {
      setTitleError(t('editor.titleRequired'));
      document.getElementById(titleId)?.focus();
      return;
    }
    if (!fields.identifier) {
      setChecking(true);
      const taken = await articleExists(commands, pubkey, articleIdentifier(fields));
      setChecking(false);
      if (taken) {
        setConfirmReplace(true);
        return;
      }
    }
    await publishNow();
  }

  async function publishNow() {
    const naddr = await draft.publish();
    if (naddr) navigate(`/a/${naddr}`);
  }

  const status =
    draft.saveState === 'saving'
      ? t('editor.status.saving')
      : draft.saveState === 'saved'
        ? t('editor.status.saved')
        : draft.saveState === 'failed'
          ? t('editor.status.failed')
          : '';

  return (
    <form className={styles.form} onSubmit={submit} data-testid="article-editor">
      <TextField
        id={titleId}
        label={t('editor.title')}
        value={fields.title}
        onChange={set('title')}
        error={titleError || undefined}
        maxLength={300}
      />
      <TextAreaField label={t('editor.summary')} rows={2} value={fields.summary} onChange={set('summary')} />
      <CoverImageField value={fields.image} onChange={(image) => setValue('image', image)} />
      <TextField
        label={t('editor.topics')}
        hint={t('editor.topicsHint')}
        value={topicsText}
        onChange={(e) => {
          setTopicsText(e.currentTarget.value);
          setValue('topics', parseTopics(e.currentTarget.value));
        }}
      />
      <Tabs
        label={t('editor.bodyModes')}
        items={[
          { id: 'write', label: t('editor.mode.write') },
          { id: 'markdown', label: t('editor.mode.markdown') },
          { id: 'preview', label: t('editor.mode.preview') },
        ]}
        value={mode}
        onChange={(id) => setMode(id as BodyMode)}
      >
        {mode === 'write' ? (
          <MarkdownEditor
            value={fields.content}
            onChange={(content) => setValue('content', content)}
            label={t('editor.content')}
          />
        ) : mode === 'markdown' ? (
          <TextAreaField
            label={t('editor.content')}
            rows={16}
            value={fields.content}
            onChange={(e) => setValue('content', e.currentTarget.value)}
          />
        ) : (
          <ArticlePreview fields={fields} />
        )}
      </Tabs>
      <div className={styles.actions}>
        <output className={styles.status} aria-live="polite" data-testid="draft-status">
          {status}
        </output>
        {draft.draftSaved ? (
          <Button variant="ghost" onClick={() => setConfirmDelete(true)} disabled={draft.busy !== null}>
            {t('editor.deleteDraft')}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={() => void draft.saveDraft()} disabled={draft.busy !== null}>
          {t('editor.saveDraft')}
        </Button>
        <Button type="submit" disabled={draft.busy !== null || checking}>
          {draft.busy === 'publish' ? t('editor.publishing') : t('editor.publish')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirmReplace}
        onOpenChange={setConfirmReplace}
        title={t('editor.replaceTitle')}
        message={t('editor.replaceMessage', { title: fields.title.trim() })}
        confirmLabel={t('editor.replace')}
        cancelLabel={t('common.cancel')}
        closeLabel={t('common.close')}
        danger
        onConfirm={() => void publishNow()}
      />
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t('editor.deleteDraftTitle')}
        message={t('editor.deleteDraftMessage')}
        confirmLabel={t('editor.deleteDraft')}
        cancelLabel={t('common.cancel')}
        closeLabel={t('common.close')}
        danger
        onConfirm={() => {
          void draft.deleteDraft().then((ok) => ok && navigate('/myarticles/drafts'));
        }}
      />
    </form>
  );
}
