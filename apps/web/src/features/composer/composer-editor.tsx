import { profileMentionText } from '@tide/core/content';
import {
  type ClipboardEvent,
  type DragEvent,
  type KeyboardEvent,
  type RefObject,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useT } from '../../i18n/intl.tsx';
import { Button } from '../../ui/button.tsx';
import { userName } from '../note/note-author.tsx';
import { UploadList } from '../upload/upload-list.tsx';
import styles from './composer.module.css';
import { ComposerPreviews } from './composer-previews.tsx';
import type { ComposerTarget } from './composer-store.ts';
import { ComposerToolbar } from './composer-toolbar.tsx';
import { findMentionQuery, insertMention, type MentionQuery } from './mention-query.ts';
import { mentionLabel } from './mention-refs.ts';
import { MentionSuggestions, mentionOptionId, useMentionUsers } from './mention-suggestions.tsx';
import type { Composer } from './use-composer.ts';

/** Props of {@link ComposerEditor}. */
export interface ComposerEditorProps {
  composer: Composer;
  target: ComposerTarget;
  /** Cancel button pressed (the dialog asks about the draft). */
  onCancel: () => void;
  autoFocus?: boolean;
  /** Set by the editor: closes an open popup (mentions, emoji) and says whether one was open. */
  closePopupRef?: RefObject<(() => boolean) | null>;
}

function filesOf(list: DataTransfer | null): File[] {
  return list ? Array.from(list.files) : [];
}

/**
 * The composer form: a labelled textarea with `@` mention suggestions (arrows, Enter/Tab, Escape), paste and drop of
 * files, the toolbar (attach, emoji), the uploads with progress, the link and quote previews, Cancel and Post
 * (Ctrl/Cmd+Enter posts too).
 */
export function ComposerEditor({ composer, target, onCancel, autoFocus, closePopupRef }: ComposerEditorProps) {
  const t = useT();
  const textareaId = useId();
  const listId = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState(composer.text.length);
  const [dismissedAt, setDismissedAt] = useState(-1);
  const [active, setActive] = useState(0);
  const [emojiOpen, setEmojiOpen] = useState(false);
  const mention: MentionQuery | null = findMentionQuery(composer.text, caret);
  const open = mention && mention.start !== dismissedAt ? mention : null;
  const { pubkeys, page } = useMentionUsers(open ? open.query : null);
  const showing = open ? pubkeys : [];
  const pending = useRef<number | null>(null);

  useEffect(() => {
    if (pending.current === null || !area.current) return;
    area.current.setSelectionRange(pending.current, pending.current);
    pending.current = null;
  });

  useEffect(() => {
    if (!closePopupRef) return;
    closePopupRef.current = () => {
      if (emojiOpen) {
        setEmojiOpen(false);
        return true;
      }
      if (showing.length && open) {
        setDismissedAt(open.start);
        return true;
      }
      return false;
    };
  });

  const place = (next: string, at: number) => {
    composer.setText(next);
    setCaret(at);
    pending.current = at;
    area.current?.focus();
  };

  const pick = (pubkey: string) => {
    if (!open) return;
    const user = page?.users[pubkey];
    const ref = profileMentionText(pubkey);
    const insert = user ? composer.addMention(mentionLabel(userName(user)), ref) : ref;
    const inserted = insertMention(composer.text, caret, open, insert);
    setActive(0);
    place(inserted.text, inserted.caret);
  };

  const insertText = (insert: string) => {
    const el = area.current;
    const start = el?.selectionStart ?? composer.text.length;
    const end = el?.selectionEnd ?? start;
    place(composer.text.slice(0, start) + insert + composer.text.slice(end), start + insert.length);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (showing.length && open) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((i) => (i + step + showing.length) % showing.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        pick(showing[Math.min(active, showing.length - 1)]);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        setDismissedAt(open.start);
        return;
      }
    }
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void composer.post();
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = filesOf(event.clipboardData);
    if (!files.length) return;
    event.preventDefault();
    composer.uploads.add(files);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    const files = filesOf(event.dataTransfer);
    if (!files.length) return;
    event.preventDefault();
    composer.uploads.add(files);
  };

  const label = target.replyTo ? t('composer.replyPlaceholder') : t('composer.label');
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: files dropped anywhere on the form are attached (the toolbar's button does the same)
    <div
      className={styles.editor}
      onDragOver={(event) => {
        if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
      }}
      onDrop={onDrop}
      data-testid="composer"
    >
      <label htmlFor={textareaId} className="visually-hidden">
        {label}
      </label>
      <div className={styles.textWrap}>
        <textarea
          id={textareaId}
          ref={area}
          className={styles.textarea}
          value={composer.text}
          placeholder={target.replyTo ? t('composer.replyPlaceholder') : t('composer.placeholder')}
          // biome-ignore lint/a11y/noAutofocus: the composer opens for writing; focus goes to its text
          autoFocus={autoFocus}
          rows={target.replyTo ? 3 : 5}
          role="combobox"
          aria-expanded={showing.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showing.length ? mentionOptionId(listId, active) : undefined}
          onChange={(event) => {
            composer.setText(event.target.value);
            setCaret(event.target.selectionStart ?? event.target.value.length);
            setActive(0);
          }}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart ?? 0)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
        />
        <MentionSuggestions id={listId} pubkeys={showing} page={page} active={active} onPick={pick} />
      </div>
      <UploadList items={composer.uploads.items} onRemove={composer.uploads.remove} />
      <ComposerPreviews composer={composer} target={target} />
      {composer.error ? (
        <p role="alert" className={styles.error}>
          {composer.error}
        </p>
      ) : null}
      <div className={styles.footer}>
        <ComposerToolbar
          onFiles={(files) => composer.uploads.add(files)}
          emojiOpen={emojiOpen}
          setEmojiOpen={setEmojiOpen}
          onEmoji={insertText}
        />
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onCancel}>
            {t('composer.cancel')}
          </Button>
          <Button onClick={() => void composer.post()} disabled={!composer.canPost} aria-busy={composer.posting}>
            {composer.posting ? t('composer.posting') : target.replyTo ? t('composer.reply') : t('composer.post')}
          </Button>
        </div>
      </div>
    </div>
  );
}
