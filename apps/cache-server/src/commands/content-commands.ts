import { contentAddressableCommands } from './content-addressable.ts';
import { contentEventActivityCommands } from './content-event-activity.ts';
import { contentEventsCommands } from './content-events.ts';
import { contentFeedCommands } from './content-feeds.ts';
import { contentReadsCommands } from './content-reads.ts';
import { contentSearchCommands } from './content-search.ts';
import { contentThreadCommands } from './content-threads.ts';
import type { CommandRecord } from './context.ts';
import { exploreDvmFeedCommands } from './explore-dvm-feeds.ts';
import { exploreNoteCommands } from './explore-notes.ts';
import { explorePeopleCommands } from './explore-people.ts';

/** Every Content and Explore command of spec §7 owned by this module group (registered by commands/index.ts). */
export const contentCommands: CommandRecord = {
  ...contentFeedCommands,
  ...contentThreadCommands,
  ...contentEventsCommands,
  ...contentEventActivityCommands,
  ...contentAddressableCommands,
  ...contentReadsCommands,
  ...contentSearchCommands,
  ...exploreNoteCommands,
  ...explorePeopleCommands,
  ...exploreDvmFeedCommands,
};
