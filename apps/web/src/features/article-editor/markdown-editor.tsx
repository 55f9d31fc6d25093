import type { Editor } from '@tiptap/core';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import type { MessageId } from '../../i18n/intl.tsx';
import { useT } from '../../i18n/intl.tsx';
import styles from './article-editor.module.css';
import { BodyImageButton } from './body-image-button.tsx';
import { articleExtensions } from './markdown-extensions.ts';

type Format = 'bold' | 'italic' | 'strike' | 'code' | 'h2' | 'h3' | 'bulletList' | 'orderedList' | 'blockquote';

const FORMATS: readonly { id: Format; label: MessageId }[] = [
  { id: 'bold', label: 'editor.format.bold' },
  { id: 'italic', label: 'editor.format.italic' },
  { id: 'strike', label: 'editor.format.strike' },
  { id: 'code', label: 'editor.format.code' },
  { id: 'h2', label: 'editor.format.heading' },
  { id: 'h3', label: 'editor.format.subheading' },
  { id: 'bulletList', label: 'editor.format.bulletList' },
  { id: 'orderedList', label: 'editor.format.orderedList' },
  { id: 'blockquote', label: 'editor.format.quote' },
];

function apply(editor: Editor, format: Format): void {
  const chain = editor.chain().focus();
  if (format === 'bold') chain.toggleBold().run();
  else if (format === 'italic') chain.toggleItalic().run();
  else if (format === 'strike') chain.toggleStrike().run();
  else if (format === 'code') chain.toggleCode().run();
  else if (format === 'h2') chain.toggleHeading({ level: 2 }).run();
  else if (format === 'h3') chain.toggleHeading({ level: 3 }).run();
  else if (format === 'bulletList') chain.toggleBulletList().run();
  else if (format === 'orderedList') chain.toggleOrderedList().run();
  else chain.toggleBlockquote().run();
}

function isActive(editor: Editor, format: Format): boolean {
  if (format === 'h2') return editor.isActive('heading', { level: 2 });
  if (format === 'h3') return editor.isActive('heading', { level: 3 });
  return editor.isActive(format);
}

/**
 * The article body as rich text (TipTap 3, StarterKit + images) read from and written back as markdown; `value` is
 * read when it mounts, every change is reported as markdown through `onChange`.
 */
export function MarkdownEditor({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (markdown: string) => void;
  label: string;
}) {
  const t = useT();
  const editor = useEditor({
    extensions: articleExtensions(),
    content: value,
    contentType: 'markdown',
    immediatelyRender: true,
    editorProps: {
      attributes: {
        'aria-label': label,
        'aria-multiline': 'true',
        role: 'textbox',
        class: styles.prose ?? '',
        'data-testid': 'article-body-editor',
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.getMarkdown()),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => (e ? FORMATS.map((f) => isActive(e, f.id)) : FORMATS.map(() => false)),
  });
  return (
    <div className={styles.editor}>
      <div className={styles.toolbar} role="toolbar" aria-label={t('editor.formatting')}>
        {FORMATS.map((format, i) => (
          <button
            key={format.id}
            type="button"
            className={styles.tool}
            aria-pressed={active?.[i] ?? false}
            // Keeps the caret in the text: a click on a tool never takes the focus away from the editor.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => editor && apply(editor, format.id)}
          >
            {t(format.label)}
          </button>
        ))}
        <BodyImageButton editor={editor} />
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
