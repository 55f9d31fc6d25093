// The app's i18n: the message provider, the typed `useT` hook (ICU messages via intl-messageformat) and the locales.
export * from './intl.tsx';
export * from './locales.ts';
