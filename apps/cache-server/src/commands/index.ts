// Every command module registers its handlers here (owners append their import + registerCommands line).
import { contentCommands } from './content-commands.ts';
import { contentHashtagCommands } from './content-hashtags.ts';
import { contentMultiKindCommands } from './content-multi-kind.ts';
import { coreImportCommands } from './core-import.ts';
import { coreNetStatsCommands } from './core-net-stats.ts';
import { coreProtocolCommands } from './core-protocol.ts';
import { coreRelayCommands } from './core-relays.ts';
import { coreUploadCommands } from './core-upload.ts';
import { membershipCacheCommands } from './membership-commands.ts';
import { peopleCommands } from './people-commands.ts';
import { commandRegistry, registerCommands } from './registry.ts';

registerCommands(coreProtocolCommands);
registerCommands(coreImportCommands);
registerCommands(coreNetStatsCommands);
registerCommands(coreRelayCommands);
registerCommands(coreUploadCommands);
registerCommands(peopleCommands);
registerCommands(contentCommands);
registerCommands(contentHashtagCommands);
registerCommands(contentMultiKindCommands);
registerCommands(membershipCacheCommands);

export type * from './context.ts';
export { CommandError } from './context.ts';
export { CommandRegistry, commandRegistry, registerCommands } from './registry.ts';
/** The registry with every command of the service. */
export const allCommands = commandRegistry;
