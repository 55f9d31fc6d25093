import { memberInfoOf } from '../../data/member-info.ts';
import { stores } from '../../state/stores.ts';

/** True when the signed-in user is known to be a Premium or Legend member (their upload limit is 1 GB). */
export function viewerIsPremium(): boolean {
  const me = stores.session.getState().publicKey;
  return !!me && memberInfoOf(me) !== undefined;
}
