import { NotificationsFrame } from '../features/notifications/index.ts';

/** `/notifications`. */
export function Page() {
  return <NotificationsFrame />;
}
