// Pure edits of replaceable events: contact list, mute list, filter and allow lists, profile metadata.
export * from './contact-list.ts';
export * from './list-tags.ts';
export * from './mute-list.ts';
export * from './people-lists.ts';
export * from './profile-metadata.ts';
