import { humanizeNumber } from '@tide/core/format';
import type { Note, User } from '@tide/core/model';
import { type ButtonHTMLAttributes, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { useT } from '../../i18n/intl.tsx';
import { stores } from '../../state/stores.ts';
import { ZapIcon } from '../../ui/icons.tsx';
import type { ZapTarget } from '../wallet/zap-actions.ts';
import styles from './note.module.css';
import { requireKey } from './note-actions.ts';
import { shownZapSats, useZapOverlay, zapDialogRequest } from './zap-overlay.ts';

// The wallet code (LNURL, NWC, dialog) loads on the first zap.
const wallet = () => import('../wallet/index.ts');
const ZapDialog = lazy(() => wallet().then((m) => ({ default: m.ZapDialog })));

/** How long a press must last to open the custom zap dialog instead of the default zap. */
export const LONG_PRESS_MS = 500;

/** What zapping a note or article sends: its id and kind, and the `a` coordinate of an addressable one. */
export function noteZapTarget(note: Note): ZapTarget {
  const d = note.tags.find((t) => t[0] === 'd')?.[1] ?? '';
  const addressable = note.kind >= 30000 && note.kind < 40000;
  return {
    pubkey: note.pubkey,
    user: note.user,
    id: note.id,
    kind: note.kind,
    base: note.stats.satszapped,
    ...(addressable ? { address: `${note.kind}:${note.pubkey}:${d}` } : {}),
  };
}

/**
 * The press behaviour of a zap button: a tap sends the default zap (settings' zapDefault, 42 sats 'Onward'), a long
 * press or right click opens the custom zap dialog; the returned `dialog` must be rendered beside the button.
 */
export function useZapPress(target: ZapTarget) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const longPressed = useRef(false);
  const clear = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  const openDialog = () => {
    clear();
    if (requireKey(t('note.zapNeedsLogin'))) setOpen(true);
  };
  const pressOpen = () => {
    // The click that ends a long press must not also send the default zap.
    longPressed.current = true;
    openDialog();
  };
  const props: ButtonHTMLAttributes<HTMLButtonElement> = {
    onPointerDown: () => {
      longPressed.current = false;
      clear();
      timer.current = setTimeout(pressOpen, LONG_PRESS_MS);
    },
    onPointerUp: clear,
    onPointerLeave: clear,
    onContextMenu: (e) => {
      e.preventDefault();
      pressOpen();
    },
    onClick: () => {
      clear();
      if (longPressed.current) {
        longPressed.current = false;
        return;
      }
      if (!requireKey(t('note.zapNeedsLogin')) || busy) return;
      const { amount, message } = stores.settings.getState().appSettings.zapDefault;
      setBusy(true);
      void wallet()
        .then((m) => m.zap(target, amount, message, t))
        .finally(() => setBusy(false));
    },
    'aria-busy': busy || undefined,
  };
  const dialog = open ? (
    <Suspense fallback={null}>
      <ZapDialog target={target} open={open} onOpenChange={setOpen} />
    </Suspense>
  ) : null;
  return { props, dialog, openDialog };
}

/** The note's zap button: a tap sends the default zap, a long press (or right click) opens the custom zap dialog. */
export function ZapButton({ note }: { note: Note }) {
  const t = useT();
  const overlay = useZapOverlay(note.id);
  const { props, dialog, openDialog } = useZapPress(noteZapTarget(note));
  // The note menu's Zap item opens this note's dialog.
  const requested = useStore(zapDialogRequest, (s) => s.id === note.id);
  useEffect(() => {
    if (!requested) return;
    zapDialogRequest.setState({ id: null });
    openDialog();
  }, [requested, openDialog]);
  return (
    <>
      <button
        type="button"
        className={styles.stat}
        {...props}
        aria-label={t('note.zap')}
        data-stat="zaps"
        data-active={note.noteActions.zapped || overlay !== undefined || undefined}
      >
        <ZapIcon size={16} aria-hidden="true" /> {humanizeNumber(shownZapSats(note.stats.satszapped, overlay))}
      </button>
      {dialog}
    </>
  );
}

/** A profile's zap button (same presses as a note's), for users with a lightning address. */
export function ProfileZapButton({ user, className }: { user: User; className?: string }) {
  const t = useT();
  const { props, dialog } = useZapPress({ pubkey: user.pubkey, user });
  return (
    <>
      <button type="button" className={className} {...props} aria-label={t('profile.zap')} data-testid="profile-zap">
        <ZapIcon size={16} aria-hidden="true" />
      </button>
      {dialog}
    </>
  );
}
