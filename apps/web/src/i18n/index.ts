// The app's i18n: react-intl provider, the typed `useT` hook and the locale list.
export * from './intl.tsx';
export * from './locales.ts';
