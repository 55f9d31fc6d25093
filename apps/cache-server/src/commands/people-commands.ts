import type { CommandRecord } from './context.ts';
import { dmContactsCommands } from './dm-contacts.ts';
import { dmCountsCommands } from './dm-counts.ts';
import { dmMessagesCommands } from './dm-messages.ts';
import { notificationsCountsCommands } from './notifications-counts.ts';
import { notificationsListCommands } from './notifications-list.ts';
import { notificationsSeenCommands } from './notifications-seen.ts';
import { peopleFollowsCommands } from './people-follows.ts';
import { peopleListsCommands } from './people-lists.ts';
import { peopleMiscCommands } from './people-misc.ts';
import { peopleModerationCommands } from './people-moderation.ts';
import { peopleProfileCommands } from './people-profile.ts';
import { peopleRelaysCommands } from './people-relays.ts';
import { peopleSearchCommands } from './people-search.ts';
import { peopleZapsCommands } from './people-zaps.ts';
import { settingsAppCommands } from './settings-app.ts';
import { settingsSubsettingsCommands } from './settings-subsettings.ts';

/** Every People, Notifications/settings and Direct-message command, by name (registered by commands/index.ts). */
export const peopleCommands: CommandRecord = {
  ...peopleFollowsCommands,
  ...peopleProfileCommands,
  ...peopleListsCommands,
  ...peopleModerationCommands,
  ...peopleRelaysCommands,
  ...peopleSearchCommands,
  ...peopleZapsCommands,
  ...peopleMiscCommands,
  ...notificationsListCommands,
  ...notificationsSeenCommands,
  ...notificationsCountsCommands,
  ...settingsAppCommands,
  ...settingsSubsettingsCommands,
  ...dmContactsCommands,
  ...dmMessagesCommands,
  ...dmCountsCommands,
};
