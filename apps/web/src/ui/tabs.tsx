import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import styles from './tabs.module.css';
import { useScrollCue } from './use-scroll-cue.ts';

/** One tab: a stable id and its visible label. */
export interface TabItem {
  id: string;
  label: string;
}

/** Props of {@link Tabs}. */
export interface TabsProps {
  /** Accessible name of the tab list. */
  label: string;
  items: readonly TabItem[];
  value: string;
  onChange: (id: string) => void;
  /** The selected tab's panel. */
  children?: ReactNode;
}

/** Position reached by a navigation key from `index` in a list of `count` tabs; undefined for other keys. */
export function nextTabIndex(key: string, index: number, count: number): number | undefined {
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}

/** WAI-ARIA tabs: one tab stop, arrow keys / Home / End move and select, the panel is labelled by its tab. */
export function Tabs({ label, items, value, onChange, children }: TabsProps) {
  const base = useId();
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const listRef = useRef<HTMLDivElement>(null);
  useScrollCue(listRef);
  const selected = Math.max(
    0,
    items.findIndex((t) => t.id === value),
  );

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const next = nextTabIndex(event.key, selected, items.length);
    if (next === undefined) return;
    event.preventDefault();
    const item = items[next];
    if (!item) return;
    onChange(item.id);
    refs.current[next]?.focus();
  }

  return (
    <div>
      <div ref={listRef} role="tablist" aria-label={label} className={styles.list} onKeyDown={onKeyDown}>
        {items.map((item, i) => (
          <button
            key={item.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${item.id}`}
            aria-selected={i === selected}
            aria-controls={`${base}-panel`}
            tabIndex={i === selected ? 0 : -1}
            className={styles.tab}
            onClick={() => onChange(item.id)}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${base}-panel`}
        aria-labelledby={`${base}-tab-${items[selected]?.id ?? ''}`}
        className={styles.panel}
      >
        {children}
      </div>
    </div>
  );
}
