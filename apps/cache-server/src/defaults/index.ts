export * from './app-releases.ts';
export * from './app-settings.ts';
export * from './feeds.ts';
export * from './notification-settings.ts';
