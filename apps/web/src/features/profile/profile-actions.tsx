import { useT } from '../../i18n/intl.tsx';
import { stores } from '../../state/stores.ts';
import { IconButton } from '../../ui/button.tsx';
import { MoreIcon } from '../../ui/icons.tsx';
import { Menu } from '../../ui/menu.tsx';

/** Copies text and confirms with a success toast; a refused clipboard gives an error toast. */
export async function copyWithToast(text: string, done: string, failed: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    stores.toasts.getState().show({ kind: 'success', message: done });
    return true;
  } catch {
    stores.toasts.getState().show({ kind: 'error', message: failed });
    return false;
  }
}

/** The profile's "more" menu: copy the public key (once known) and the profile link. */
export function ProfileActions({ publicKey }: { publicKey?: string }) {
  const t = useT();
  return (
    <Menu
      trigger={<IconButton label={t('profile.actions')} icon={<MoreIcon />} />}
      items={[
        {
          id: 'copy-key',
          label: t('profile.copyKey'),
          disabled: !publicKey,
          onSelect: () => {
            if (publicKey) void copyWithToast(publicKey, t('profile.keyCopied'), t('profile.copyFailed'));
          },
        },
        {
          id: 'copy-link',
          label: t('profile.copyLink'),
          onSelect: () => void copyWithToast(window.location.href, t('profile.linkCopied'), t('profile.copyFailed')),
        },
      ]}
    />
  );
}
