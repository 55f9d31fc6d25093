import { session } from '../../state/session.ts';
import { EnterPinDialog } from './pin-dialogs.tsx';

/**
 * The Enter PIN dialog of the session (spec §2/§4): open while the session asks for it (at start with a PIN-stored
 * key, or when an action needs the key); a wrong PIN says so, "Forgot PIN?" erases the stored key after confirmation.
 */
export function SessionPinPrompt() {
  return (
    <EnterPinDialog
      open
      onOpenChange={(open) => {
        if (!open) session.dismissPinPrompt();
      }}
      unlock={(pin) => session.unlock(pin)}
      forget={() => session.forgetStoredKey()}
    />
  );
}
