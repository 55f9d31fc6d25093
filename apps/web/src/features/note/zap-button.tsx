import { humanizeNumber } from '@tide/core/format';
import type { Note } from '@tide/core/model';
import { lazy, Suspense, useRef, useState } from 'react';
import { useT } from '../../i18n/intl.tsx';
import { stores } from '../../state/stores.ts';
import { ZapIcon } from '../../ui/icons.tsx';
import styles from './note.module.css';
import { requireKey } from './note-actions.ts';
import { useZappedSats } from './zap-overlay.ts';

// The wallet code (LNURL, NWC, dialog) loads on the first zap.
const wallet = () => import('../wallet/index.ts');
const ZapDialog = lazy(() => wallet().then((m) => ({ default: m.ZapDialog })));

/** How long a press must last to open the custom zap dialog instead of the default zap. */
export const LONG_PRESS_MS = 500;

/** The note's zap button: a tap sends the default zap, a long press (or right click) opens the custom zap dialog. */
export function ZapButton({ note }: { note: Note }) {
  const t = useT();
  const extra = useZappedSats(note.id);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const longPressed = useRef(false);
  const target = { pubkey: note.pubkey, user: note.user, id: note.id, kind: note.kind };

  const openDialog = () => {
    if (requireKey(t('note.zapNeedsLogin'))) setOpen(true);
  };
  const defaultZap = () => {
    if (!requireKey(t('note.zapNeedsLogin')) || busy) return;
    const { amount, message } = stores.settings.getState().appSettings.zapDefault;
    setBusy(true);
    void wallet()
      .then((m) => m.zap(target, amount, message, t))
      .finally(() => setBusy(false));
  };
  const clear = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };

  return (
    <>
      <button
        type="button"
        className={styles.stat}
        onPointerDown={() => {
          longPressed.current = false;
          clear();
          timer.current = setTimeout(() => {
            longPressed.current = true;
            openDialog();
          }, LONG_PRESS_MS);
        }}
        onPointerUp={clear}
        onPointerLeave={clear}
        onContextMenu={(e) => {
          e.preventDefault();
          clear();
          longPressed.current = true;
          openDialog();
        }}
        onClick={() => {
          if (longPressed.current) {
            longPressed.current = false;
            return;
          }
          clear();
          defaultZap();
        }}
        aria-label={t('note.zap')}
        aria-busy={busy || undefined}
        data-stat="zaps"
        data-active={note.noteActions.zapped || extra > 0 || undefined}
      >
        <ZapIcon size={16} aria-hidden="true" /> {humanizeNumber(note.stats.satszapped + extra)}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ZapDialog target={target} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
