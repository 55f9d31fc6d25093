import { useStore } from 'zustand';
import { useT } from '../../i18n/intl.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { followWarning } from './follow-warning-store.ts';
import { follow } from './run-people.ts';

/** The follow warning (spec §4): the change would leave the follow list under 2 entries; Continue publishes it. */
export function FollowWarningDialog() {
  const t = useT();
  const pending = useStore(followWarning, (s) => s.pending);
  return (
    <ConfirmDialog
      open={pending !== null}
      onOpenChange={(open) => {
        if (!open) followWarning.getState().close();
      }}
      title={t('people.followWarning.title')}
      message={t('people.followWarning.body', { count: pending?.count ?? 0 })}
      confirmLabel={t('people.followWarning.continue')}
      cancelLabel={t('common.cancel')}
      closeLabel={t('common.close')}
      onConfirm={() => {
        if (pending) void follow(pending.op, pending.targets, true);
      }}
    />
  );
}
