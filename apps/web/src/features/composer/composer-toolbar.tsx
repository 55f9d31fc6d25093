import { lazy, Suspense, useRef } from 'react';
import { useT } from '../../i18n/intl.tsx';
import { IconButton } from '../../ui/button.tsx';
import { ImageIcon, SmileIcon } from '../../ui/icons.tsx';
import styles from './composer.module.css';

// The emoji list and picker load when the picker is first opened.
const EmojiPicker = lazy(() => import('./emoji-picker.tsx').then((m) => ({ default: m.EmojiPicker })));

/** Props of {@link ComposerToolbar}. */
export interface ComposerToolbarProps {
  onFiles: (files: File[]) => void;
  emojiOpen: boolean;
  setEmojiOpen: (open: boolean) => void;
  onEmoji: (emoji: string) => void;
}

/** The composer's tools: attach images or videos (a file picker) and the emoji picker. */
export function ComposerToolbar({ onFiles, emojiOpen, setEmojiOpen, onEmoji }: ComposerToolbarProps) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const emojiAnchor = useRef<HTMLSpanElement>(null);
  return (
    <div className={styles.toolbar}>
      <IconButton label={t('composer.attach')} icon={<ImageIcon size={20} />} onClick={() => input.current?.click()} />
      <input
        ref={input}
        type="file"
        accept="image/*,video/*"
        multiple
        hidden
        aria-label={t('composer.attach')}
        data-testid="composer-file-input"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
      <span className={styles.emojiAnchor} ref={emojiAnchor}>
        <IconButton
          label={t('composer.emoji')}
          icon={<SmileIcon size={20} />}
          aria-expanded={emojiOpen}
          onClick={() => setEmojiOpen(!emojiOpen)}
        />
        {emojiOpen ? (
          <Suspense fallback={null}>
            <EmojiPicker
              onPick={(emoji) => {
                onEmoji(emoji);
                setEmojiOpen(false);
              }}
              onClose={() => {
                setEmojiOpen(false);
                emojiAnchor.current?.querySelector('button')?.focus();
              }}
            />
          </Suspense>
        ) : null}
      </span>
    </div>
  );
}
