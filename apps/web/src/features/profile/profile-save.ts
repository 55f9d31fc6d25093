import { mergeProfileMetadata, type ProfileFields, profileFieldsOf } from '@tide/core/edits';
import { Kind } from '@tide/core/nostr';
import { getAppData } from '../../data/app-data-instance.ts';
import { createTranslator } from '../../i18n/intl.tsx';
import { stores } from '../../state/stores.ts';
import { requestKey } from '../account/require-sign-in.ts';
import { appListIo } from '../people/app-list-io.ts';

// Edit profile's reading and saving (loaded with the form): the latest kind 0 from the caching service and the
// user's relays, merged with the form and published through the one publisher.

const t = () => createTranslator(stores.settings.getState().locale);

/** The signed-in user's current profile fields (blank when they have no kind 0 yet); throws when it cannot be read. */
export async function loadProfileFields(pubkey: string): Promise<ProfileFields> {
  const latest = await appListIo(pubkey).fetchLatest(Kind.Metadata);
  return profileFieldsOf(latest?.content);
}

/**
 * Saves the form (spec §3): reads the latest kind 0 again, keeps every field the form does not edit (unknown ones
 * too) and its tags, publishes; 'Profile updated successfully' after a relay's OK, else 'Failed to update profile,
 * please try again'. True on success; the form keeps what was typed otherwise.
 */
export async function saveProfile(fields: ProfileFields): Promise<boolean> {
  const tr = t();
  const self = stores.session.getState().publicKey;
  if (!self || !requestKey(tr('auth.required'))) return false;
  const failure = tr('profile.saveFailed');
  const io = appListIo(self);
  try {
    const latest = await io.fetchLatest(Kind.Metadata);
    const result = await io.publish(mergeProfileMetadata(latest, fields), {
      success: tr('profile.saved'),
      failure,
      timeout: failure,
    });
    if (!result?.success) return false;
  } catch {
    stores.toasts.getState().show({ kind: 'error', message: failure });
    return false;
  }
  void getAppData().queryClient.invalidateQueries();
  return true;
}
