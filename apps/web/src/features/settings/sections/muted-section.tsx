import { useT } from '../../../i18n/intl.tsx';
import { useSession } from '../../../state/stores.ts';
import { ListsEditor, MuteEditor } from '../../people/index.ts';
import { GuestNotice } from './guest-notice.tsx';

/** Muted accounts, words, hashtags and threads from the user's mute list; the mute lists they follow; the allow list. */
export function MutedSection() {
  const t = useT();
  const signedIn = useSession((s) => s.publicKey !== null);
  return (
    <>
      <p>{t('settings.muted.body')}</p>
      <GuestNotice />
      {signedIn ? (
        <>
          <MuteEditor />
          <ListsEditor />
        </>
      ) : null}
    </>
  );
}
