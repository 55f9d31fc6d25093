import { Dialog as RadixDialog } from 'radix-ui';
import { type ReactNode, useRef } from 'react';
import { IconButton } from './button.tsx';
import styles from './dialog.module.css';
import { CloseIcon } from './icons.tsx';

/** Props of {@link Dialog}. */
export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  /** Accessible name of the close button. */
  closeLabel: string;
  children?: ReactNode;
}

/** A modal dialog (Radix): focus moves in and is trapped, Escape and the close button close it, focus returns. */
export function Dialog({ open, onOpenChange, title, description, closeLabel, children }: DialogProps) {
  // Radix returns focus only to its own Trigger; these dialogs are opened by app buttons, so remember the opener.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={styles.content}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.current?.focus();
          }}
        >
          <div className={styles.header}>
            <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
            <RadixDialog.Close asChild>
              <IconButton label={closeLabel} icon={<CloseIcon size={20} />} />
            </RadixDialog.Close>
          </div>
          {description ? (
            <RadixDialog.Description className={styles.description}>{description}</RadixDialog.Description>
          ) : null}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** A row of dialog buttons aligned to the end. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
