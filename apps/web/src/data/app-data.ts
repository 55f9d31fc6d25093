import type { QueryClient } from '@tanstack/react-query';
import { CacheClient, type CommandClient, type WebSocketConstructor } from '@tide/core/cache';
import type { SessionStore } from '../state/session-store.ts';
import { AppActivity } from './app-activity.ts';
import { avatarVariantsClient } from './avatar-variants.ts';
import { memberFactsClient } from './member-facts-client.ts';
import { personalisedClient } from './personalise.ts';
import { createQueryClient } from './query-client.ts';

/** Everything the screens read data through: the one caching-service client, the query cache and app activity. */
export interface AppData {
  client: CacheClient;
  /** What screens read through: `client` with the viewer's `user_pubkey` added where a command takes it. */
  commands: CommandClient;
  queryClient: QueryClient;
  activity: AppActivity;
  /** Stops timers and listeners and closes the socket. */
  dispose: () => void;
}

/** Options of {@link createAppData}. */
export interface AppDataOptions {
  url: string;
  appId: string;
  session: SessionStore;
  noBinary?: boolean;
  WebSocket?: WebSocketConstructor;
  queryClient?: QueryClient;
  activity?: AppActivity;
  devMode?: boolean;
}

/**
 * Builds the app's data layer and wires it: connection status into the session store; after a reconnect every
 * query is invalidated (active ones refetch, so nothing is lost and pages re-merge without duplicates); on sleep
 * the socket disconnects, on waking it reconnects and queries refresh. When the viewer changes (sign-in, logout),
 * the previous viewer's cached queries (those keyed by their public key) are dropped.
 */
export function createAppData(options: AppDataOptions): AppData {
  const client = new CacheClient({
    url: options.url,
    appId: options.appId,
    noBinary: options.noBinary,
    WebSocket: options.WebSocket,
    devMode: options.devMode,
  });
  const queryClient = options.queryClient ?? createQueryClient();
  const activity = options.activity ?? new AppActivity();
  const { session } = options;
  let lostConnection = false;

  const stopStatus = client.onStatus((status) => {
    session.getState().setCacheStatus(status);
    if (status === 'reconnecting') lostConnection = true;
    if (status === 'connected' && lostConnection) {
      lostConnection = false;
      void queryClient.invalidateQueries();
    }
  });
  const stopActivity = activity.onChange((state, previous) => {
    session.getState().setActivity(state);
    if (state === 'sleep') {
      lostConnection = false;
      client.disconnect();
    } else if (previous === 'sleep') {
      client.connect();
      void queryClient.invalidateQueries();
    }
  });
  session.getState().setActivity(activity.state);
  const stopAccount = session.subscribe((state, previous) => {
    const before = previous.publicKey;
    if (state.publicKey === before || before === null) return;
    queryClient.removeQueries({ predicate: (query) => query.queryKey.includes(before) });
  });

  return {
    client,
    commands: memberFactsClient(avatarVariantsClient(personalisedClient(client, () => session.getState().publicKey))),
    queryClient,
    activity,
    dispose: () => {
      stopAccount();
      stopStatus();
      stopActivity();
      activity.dispose();
      client.disconnect();
      queryClient.clear();
    },
  };
}
