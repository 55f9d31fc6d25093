// The whole English catalogue, for dev and tests; the build replaces this module with nothing and ships each message
// with the modules that name it (vite-split-messages.ts), so guest /home loads only the messages it uses.
import en from './en.json';
import { addMessages } from './messages.ts';

addMessages(en);
