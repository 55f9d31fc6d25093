// The English messages the app has loaded so far. The build (vite-split-messages.ts) ships each message with the
// modules that name it, so a screen's messages arrive with its chunk; dev and tests load all of them (all-messages.ts).

/** Every message loaded so far, id → precompiled ICU AST. */
export const loadedMessages: Record<string, unknown> = {};

/** Adds messages to {@link loadedMessages} (called by the build's per-message modules and by all-messages.ts). */
export function addMessages(messages: Record<string, unknown>): void {
  Object.assign(loadedMessages, messages);
}
