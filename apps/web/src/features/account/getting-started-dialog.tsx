import { useT } from '../../i18n/intl.tsx';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogActions } from '../../ui/dialog.tsx';

/** Props of {@link GettingStartedDialog}. */
export interface GettingStartedDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The getting-started dialog (spec §2 dialogs): opened once a new account is created; a few first steps. */
export function GettingStartedDialog({ open, onOpenChange }: GettingStartedDialogProps) {
  const t = useT();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('gettingStarted.title')}
      description={t('gettingStarted.description')}
      closeLabel={t('common.close')}
    >
      <ul>
        <li>{t('gettingStarted.home')}</li>
        <li>{t('gettingStarted.post')}</li>
        <li>{t('gettingStarted.explore')}</li>
        <li>{t('gettingStarted.key')}</li>
      </ul>
      <DialogActions>
        <Button onClick={() => onOpenChange(false)}>{t('gettingStarted.start')}</Button>
      </DialogActions>
    </Dialog>
  );
}
