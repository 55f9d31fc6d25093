import { useT } from '../../i18n/intl.tsx';
import { Button } from '../../ui/button.tsx';
import styles from '../frames.module.css';

/** New-notes button caps its count at 99 (spec §9). */
export const NEW_NOTES_CAP_AT = 99;
/** New-notifications button caps its count at 100 (spec §9). */
export const NEW_NOTIFICATIONS_CAP_AT = 100;

/** The count as shown: "99+" once `count` reaches `capAt`, else the number. */
export function cappedCount(count: number, capAt: number): string {
  return count >= capAt ? '99+' : String(count);
}

/** Props of {@link NewItemsButton}. */
export interface NewItemsButtonProps {
  kind: 'notes' | 'notifications';
  count: number;
  onShow: () => void;
}

/** "Show 12 new notes" above a feed; renders nothing while there is nothing new. */
export function NewItemsButton({ kind, count, onShow }: NewItemsButtonProps) {
  const t = useT();
  if (count <= 0) return null;
  const shown = cappedCount(count, kind === 'notes' ? NEW_NOTES_CAP_AT : NEW_NOTIFICATIONS_CAP_AT);
  return (
    <div className={styles.row}>
      <Button size="sm" onClick={onShow}>
        {t(kind === 'notes' ? 'feed.newNotes' : 'notifications.newCount', { count, shown })}
      </Button>
    </div>
  );
}
