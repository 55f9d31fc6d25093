import { useT } from '../../i18n/intl.tsx';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogActions } from '../../ui/dialog.tsx';

/** Props of {@link CancelDraftDialog}. */
export interface CancelDraftDialogProps {
  open: boolean;
  onSave: () => void;
  onDiscard: () => void;
  onContinue: () => void;
}

/** Asked when a composer with text is cancelled (spec §4): Save (keep the draft), Discard, or Continue Editing. */
export function CancelDraftDialog({ open, onSave, onDiscard, onContinue }: CancelDraftDialogProps) {
  const t = useT();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onContinue();
      }}
      title={t('composer.draftTitle')}
      description={t('composer.draftMessage')}
      closeLabel={t('common.close')}
    >
      <DialogActions>
        <Button variant="secondary" onClick={onContinue}>
          {t('composer.draftContinue')}
        </Button>
        <Button variant="danger" onClick={onDiscard}>
          {t('composer.draftDiscard')}
        </Button>
        <Button onClick={onSave}>{t('composer.draftSave')}</Button>
      </DialogActions>
    </Dialog>
  );
}
