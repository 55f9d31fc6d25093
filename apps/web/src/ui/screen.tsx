import type { ReactNode } from 'react';
import { useDocumentTitle } from './document-title.ts';
import styles from './screen.module.css';
import { usePhoneLayout } from './use-phone-layout.ts';

/** Props of {@link Screen}. */
export interface ScreenProps {
  /** The visible heading (h1). */
  heading: string;
  /** The document title before " | Tide"; defaults to the heading. */
  title?: string;
  /** Controls at the end of the header row (buttons, pickers). */
  actions?: ReactNode;
  /** The right sidebar of this screen; on phones a folded section at the top of the screen, titled `sidebarLabel`. */
  sidebar?: ReactNode;
  /** Accessible name of the sidebar. */
  sidebarLabel?: string;
  children?: ReactNode;
}

/** One screen's frame inside the main layout: a centre column with a sticky header, and a right sidebar. */
export function Screen({ heading, title, actions, sidebar, sidebarLabel, children }: ScreenProps) {
  useDocumentTitle(title ?? heading);
  const phone = usePhoneLayout();
  return (
    <>
      <div className={styles.center}>
        <header className={styles.header}>
          <h1 className={styles.heading}>{heading}</h1>
          {actions ? <div className={styles.actions}>{actions}</div> : null}
        </header>
        {sidebar && phone ? (
          <details className={styles.phoneSidebar} data-testid="phone-sidebar">
            <summary className={styles.phoneSidebarSummary}>{sidebarLabel}</summary>
            <aside className={styles.phoneSidebarBody} aria-label={sidebarLabel}>
              {sidebar}
            </aside>
          </details>
        ) : null}
        <div className={styles.body}>{children}</div>
      </div>
      {sidebar && !phone ? (
        <aside className={styles.sidebar} aria-label={sidebarLabel}>
          {sidebar}
        </aside>
      ) : null}
    </>
  );
}

/** A titled block inside a sidebar or a screen body. */
export function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.panel}>
      <h2 className={styles.panelTitle}>{title}</h2>
      {children}
    </section>
  );
}

/** A quiet centred message for empty states and guest prompts. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={styles.empty} data-testid="empty-state">
      <p className={styles.emptyTitle}>{title}</p>
      {children}
    </div>
  );
}
