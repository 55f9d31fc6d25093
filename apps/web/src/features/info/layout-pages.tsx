import { Link } from 'react-router';
import { useT } from '../../i18n/intl.tsx';
import { EmptyState, Panel, Screen } from '../../ui/screen.tsx';
import { AppReleases } from './app-releases.tsx';
import { InfoSections } from './info-page.tsx';

/** `/downloads`: Tide runs in the browser; the mobile releases come from the caching service (`get_app_releases`). */
export function DownloadsFrame() {
  const t = useT();
  return (
    <Screen heading={t('downloads.heading')}>
      <InfoSections sections={[{ paragraphs: ['downloads.p1', 'downloads.p2'] }]} />
      <h2>{t('downloads.mobileTitle')}</h2>
      <AppReleases />
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
          { title: 'help.q5', paragraphs: ['help.a5'] },
          { title: 'help.q6', paragraphs: ['help.a6'] },
          { title: 'help.q7', paragraphs: ['help.a7'] },
          { title: 'help.q8', paragraphs: ['help.a8'] },
          { title: 'help.q9', paragraphs: ['help.a9'] },
          { title: 'help.q10', paragraphs: ['help.a10'] },
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
