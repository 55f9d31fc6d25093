/** Settings feature: what other screens use (adding a feed to Home or Reads). */
export { type AddFeedMessages, addFeedToList } from './feeds/add-feed.ts';
export { AddFeedButton } from './feeds/add-feed-button.tsx';
