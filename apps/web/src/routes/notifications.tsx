import { NotificationsFrame } from '../features/notifications/notifications-frame.tsx';

/** `/notifications`. */
export function Page() {
  return <NotificationsFrame />;
}
