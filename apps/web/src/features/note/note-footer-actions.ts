// What the note footer's buttons run, loaded on the first click (one lazy chunk for all of them).
export { bookmarkOrAsk } from './bookmark-actions.ts';
export { likeNote, repostNote } from './note-publish-actions.ts';
