/**
 * The composer: a tiny store (`openComposer`) and the pieces the app mounts (navigation button, host with the `n`
 * shortcut, the thread's reply box); the dialog, editor, emoji data and upload code load lazily when used.
 */

export { ComposerHost } from './composer-host.tsx';
export { type ComposerTarget, closeComposer, composerStore, openComposer } from './composer-store.ts';
export { NewNoteButton } from './new-note-button.tsx';
export { isTypingTarget } from './new-note-shortcut.ts';
export { ReplyBox } from './reply-box-slot.tsx';
