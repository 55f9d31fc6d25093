import { SessionController } from './session-controller.ts';
import { browserStorage } from './session-storage.ts';
import { stores } from './stores.ts';

/** The page's one session (sign-in, PIN, logout) over the session store and localStorage. */
export const session = new SessionController({ store: stores.session, storage: browserStorage });
