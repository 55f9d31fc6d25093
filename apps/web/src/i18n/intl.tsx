import { IntlMessageFormat } from 'intl-messageformat';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useSettings } from '../state/stores.ts';
import './all-messages.ts';
import type en from './en.json';
import type { Locale } from './locales.ts';
import { loadedMessages } from './messages.ts';

/** Every message id of the English catalogue. */
export type MessageId = keyof typeof en;

/** Values interpolated into a message. */
export type MessageValues = Record<string, string | number>;

/** Formats one catalogue message with its values. */
export type Translate = (id: MessageId, values?: MessageValues) => string;

// The JSON catalogues are compiled to ICU ASTs at build time (vite-precompile-messages.ts), so the ICU parser stays
// out of the bundle; intl-messageformat (the formatter react-intl wraps) formats them. A build ships each message with
// the modules that name it (vite-split-messages.ts): the catalogue fills up as chunks load.
const catalogues: Record<Locale, Record<string, unknown>> = { en: loadedMessages };

/** Builds `t` for a locale: each message compiled once on first use; an unknown id is logged and shown as the id. */
export function createTranslator(locale: Locale): Translate {
  const messages = catalogues[locale] ?? catalogues.en;
  const compiled = new Map<string, IntlMessageFormat>();
  return (id, values) => {
    let format = compiled.get(id);
    if (!format) {
      const message = messages[id] ?? catalogues.en[id];
      if (message === undefined) {
        console.error(`Missing message: ${id}`);
        return id;
      }
      format = new IntlMessageFormat(message as ConstructorParameters<typeof IntlMessageFormat>[0], locale);
      compiled.set(id, format);
    }
    const out = format.format<string>(values);
    return Array.isArray(out) ? out.join('') : String(out);
  };
}

const TranslateContext = createContext<{ locale: Locale; t: Translate } | null>(null);

/** Provides the messages of the current locale setting to `useT`. */
export function AppIntlProvider({ children }: { children: ReactNode }) {
  const locale = useSettings((s) => s.locale);
  const value = useMemo(() => ({ locale, t: createTranslator(locale) }), [locale]);
  return <TranslateContext.Provider value={value}>{children}</TranslateContext.Provider>;
}

/** Returns `t(id, values)` that formats one catalogue message; throws outside {@link AppIntlProvider}. */
export function useT(): Translate {
  const context = useContext(TranslateContext);
  if (!context) throw new Error('useT needs an AppIntlProvider');
  return context.t;
}

/** Like {@link useT}, but null outside an {@link AppIntlProvider} (for providers that tests render alone). */
export function useOptionalT(): Translate | null {
  return useContext(TranslateContext)?.t ?? null;
}

/** Formats a number for the current locale (grouping as the locale writes it). */
export function useFormatNumber(): (value: number) => string {
  const locale = useContext(TranslateContext)?.locale ?? 'en';
  return useMemo(() => {
    const format = new Intl.NumberFormat(locale);
    return (value: number) => format.format(value);
  }, [locale]);
}

/** One catalogue message as text (for class components, which cannot call hooks). */
export function Message({ id, values }: { id: MessageId; values?: MessageValues }) {
  return <>{useT()(id, values)}</>;
}
