import { type FormEvent, useState } from 'react';
import { useT } from '../../i18n/intl.tsx';
import { Button } from '../../ui/button.tsx';
import { Screen } from '../../ui/screen.tsx';
import { TextAreaField, TextField } from '../../ui/text-field.tsx';
import { useRequireSignIn } from '../account/require-sign-in.ts';
import styles from '../frames.module.css';

/** The article editor (`/reads/edit/:id?`): title, summary, cover image and text; saving needs a signed-in user. */
export function ArticleEditorFrame({ id }: { id?: string }) {
  const t = useT();
  const requireSignIn = useRequireSignIn();
  const [article, setArticle] = useState({ title: '', summary: '', image: '', content: '' });
  const set = (key: keyof typeof article) => (e: { currentTarget: { value: string } }) =>
    setArticle({ ...article, [key]: e.currentTarget.value });

  function submit(event: FormEvent) {
    event.preventDefault();
    requireSignIn();
  }

  return (
    <Screen heading={id ? t('editor.headingEdit') : t('editor.headingNew')}>
      <form className={styles.form} onSubmit={submit}>
        <TextField label={t('editor.title')} value={article.title} onChange={set('title')} />
        <TextField label={t('editor.summary')} value={article.summary} onChange={set('summary')} />
        <TextField label={t('editor.image')} type="url" value={article.image} onChange={set('image')} />
        <TextAreaField label={t('editor.content')} rows={14} value={article.content} onChange={set('content')} />
        <div className={styles.row}>
          <Button variant="secondary" onClick={() => requireSignIn()}>
            {t('editor.saveDraft')}
          </Button>
          <Button type="submit">{t('editor.publish')}</Button>
        </div>
      </form>
    </Screen>
  );
}
