import type { MessageId } from '../../i18n/intl.tsx';

/** Profile tabs (spec §2), contacts meaning the accounts this profile follows. */
export const PROFILE_TABS: ReadonlyArray<{ id: string; label: MessageId }> = [
  { id: 'notes', label: 'profile.tab.notes' },
  { id: 'replies', label: 'profile.tab.replies' },
  { id: 'reads', label: 'profile.tab.reads' },
  { id: 'drafts', label: 'profile.tab.drafts' },
  { id: 'media', label: 'profile.tab.media' },
  { id: 'zaps', label: 'profile.tab.zaps' },
  { id: 'contacts', label: 'profile.tab.contacts' },
  { id: 'followers', label: 'profile.tab.followers' },
  { id: 'relays', label: 'profile.tab.relays' },
];

/** The tabs shown on a profile: drafts only on your own. */
export function visibleProfileTabs(own: boolean) {
  return PROFILE_TABS.filter((tab) => own || tab.id !== 'drafts');
}
