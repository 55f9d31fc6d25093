import { type ReactNode, useCallback } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { useSettings } from '../state/stores.ts';
import en from './en.json';
import type { Locale } from './locales.ts';

/** Every message id of the English catalogue. */
export type MessageId = keyof typeof en;

/** Values interpolated into a message. */
export type MessageValues = Record<string, string | number>;

// The JSON catalogues are compiled to ICU ASTs at build time (vite-precompile-messages.ts).
const catalogues: Record<Locale, Record<string, unknown>> = { en };

/** Provides react-intl with the catalogue of the current locale setting. */
export function AppIntlProvider({ children }: { children: ReactNode }) {
  const locale = useSettings((s) => s.locale);
  return (
    <IntlProvider locale={locale} defaultLocale="en" messages={catalogues[locale] as Record<string, string>}>
      {children}
    </IntlProvider>
  );
}

/** Returns `t(id, values)` that formats one catalogue message. */
export function useT(): (id: MessageId, values?: MessageValues) => string {
  const intl = useIntl();
  return useCallback((id: MessageId, values?: MessageValues) => intl.formatMessage({ id }, values), [intl]);
}
