import type { ReactNode } from 'react';
import { type MessageId, useT } from '../../i18n/intl.tsx';
import { useDocumentTitle } from '../../ui/document-title.ts';
import styles from '../frames.module.css';

/** One titled part of an information page. */
export interface InfoSection {
  title?: MessageId;
  paragraphs: readonly MessageId[];
}

/** Props of {@link InfoPage}. */
export interface InfoPageProps {
  heading: MessageId;
  sections: readonly InfoSection[];
  children?: ReactNode;
}

/** A public information page (terms, privacy, …): heading, document title and catalogue paragraphs. */
export function InfoPage({ heading, sections, children }: InfoPageProps) {
  const t = useT();
  useDocumentTitle(t(heading));
  return (
    <article>
      <h1>{t(heading)}</h1>
      <InfoSections sections={sections} />
      {children}
    </article>
  );
}

/** Renders sections of catalogue paragraphs as plain text (never HTML). */
export function InfoSections({ sections }: { sections: readonly InfoSection[] }) {
  const t = useT();
  return (
    <div className={styles.prose}>
      {sections.map((section, i) => (
        <section key={section.title ?? i}>
          {section.title ? <h2>{t(section.title)}</h2> : null}
          {section.paragraphs.map((p) => (
            <p key={p}>{t(p)}</p>
          ))}
        </section>
      ))}
    </div>
  );
}
