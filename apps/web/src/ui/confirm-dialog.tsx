import { Button } from './button.tsx';
import { Dialog, DialogActions } from './dialog.tsx';

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  closeLabel: string;
  /** Styles the confirm button as destructive. */
  danger?: boolean;
  onConfirm: () => void;
}

/** Asks one yes/no question; confirming calls `onConfirm` and closes, cancelling only closes. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, onOpenChange, title, message, confirmLabel, cancelLabel, closeLabel, danger, onConfirm } = props;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={message} closeLabel={closeLabel}>
      <DialogActions>
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {cancelLabel}
        </Button>
        <Button
          variant={danger ? 'danger' : 'primary'}
          onClick={() => {
            onConfirm();
            onOpenChange(false);
          }}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
