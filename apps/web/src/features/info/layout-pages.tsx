import { Link } from 'react-router';
import { useT } from '../../i18n/intl.tsx';
import { EmptyState, Panel, Screen } from '../../ui/screen.tsx';
import { InfoSections } from './info-page.tsx';

/** `/downloads`: Tide runs in the browser; the mobile release list comes from the caching service later. */
export function DownloadsFrame() {
  const t = useT();
  return (
    <Screen heading={t('downloads.heading')}>
      <InfoSections
        sections={[
          { paragraphs: ['downloads.p1', 'downloads.p2'] },
          { title: 'downloads.mobileTitle', paragraphs: ['downloads.p3'] },
        ]}
      />
    </Screen>
  );
}

/** `/help`: short answers and the public pages. */
export function HelpFrame() {
  const t = useT();
  return (
    <Screen
      heading={t('help.heading')}
      sidebarLabel={t('layout.sidebar')}
      sidebar={
        <Panel title={t('help.more')}>
          <p>
            <Link to="/support">{t('public.support.heading')}</Link>
          </p>
          <p>
            <Link to="/privacy">{t('public.privacy.heading')}</Link>
          </p>
          <p>
            <Link to="/terms">{t('public.terms.heading')}</Link>
          </p>
        </Panel>
      }
    >
      <InfoSections
        sections={[
          { title: 'help.q1', paragraphs: ['help.a1'] },
          { title: 'help.q2', paragraphs: ['help.a2'] },
          { title: 'help.q3', paragraphs: ['help.a3'] },
          { title: 'help.q4', paragraphs: ['help.a4'] },
        ]}
      />
    </Screen>
  );
}

/** The page-not-found screen (`/404` and anything unmatched). */
export function NotFoundFrame() {
  const t = useT();
  return (
    <Screen heading={t('notFound.heading')}>
      <EmptyState title={t('notFound.body')}>
        <Link to="/home">{t('notFound.home')}</Link>
      </EmptyState>
    </Screen>
  );
}
