import { type KeyboardEvent, useMemo, useState } from 'react';
import { useT } from '../../i18n/intl.tsx';
import { useSession } from '../../state/stores.ts';
import styles from './composer.module.css';
import { EMOJI, searchEmoji } from './emoji-data.ts';
import { readEmojiHistory, rememberEmoji } from './emoji-history.ts';

/** Props of {@link EmojiPicker}. */
export interface EmojiPickerProps {
  onPick: (emoji: string) => void;
  onClose: () => void;
}

function EmojiGrid({
  label,
  emoji,
  onPick,
}: {
  label: string;
  emoji: { emoji: string; name: string }[];
  onPick: (e: string) => void;
}) {
  return (
    <section aria-label={label}>
      <h3 className={styles.emojiHeading}>{label}</h3>
      <div className={styles.emojiGrid}>
        {emoji.map((entry) => (
          <button
            key={entry.emoji}
            type="button"
            className={styles.emojiButton}
            aria-label={entry.name}
            title={entry.name}
            onClick={() => onPick(entry.emoji)}
          >
            {entry.emoji}
          </button>
        ))}
      </div>
    </section>
  );
}

/** The emoji picker: a search field, the user's 40 most recent emoji, then every emoji; Escape closes it. */
export function EmojiPicker({ onPick, onClose }: EmojiPickerProps) {
  const t = useT();
  const pubkey = useSession((s) => s.publicKey);
  const [query, setQuery] = useState('');
  const [recent, setRecent] = useState(() => readEmojiHistory(pubkey));
  const found = useMemo(() => searchEmoji(query), [query]);
  const pick = (emoji: string) => {
    setRecent(rememberEmoji(pubkey, emoji));
    onPick(emoji);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onClose();
  };
  return (
    <fieldset
      className={styles.emojiPicker}
      aria-label={t('composer.emojiPicker')}
      onKeyDown={onKeyDown}
      data-testid="emoji-picker"
    >
      <input
        className={styles.emojiSearch}
        type="search"
        // biome-ignore lint/a11y/noAutofocus: the picker opens to be searched; Escape gives the focus back
        autoFocus
        value={query}
        placeholder={t('composer.emojiSearch')}
        aria-label={t('composer.emojiSearch')}
        onChange={(event) => setQuery(event.target.value)}
      />
      {!query && recent.length ? (
        <EmojiGrid
          label={t('composer.emojiRecent')}
          emoji={recent.map((emoji) => EMOJI.find((e) => e.emoji === emoji) ?? { emoji, name: emoji })}
          onPick={pick}
        />
      ) : null}
      {found.length ? (
        <EmojiGrid label={t('composer.emojiAll')} emoji={found} onPick={pick} />
      ) : (
        <p className={styles.emojiNone}>{t('composer.emojiNone')}</p>
      )}
    </fieldset>
  );
}
