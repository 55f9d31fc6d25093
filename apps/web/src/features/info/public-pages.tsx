import { InfoPage } from './info-page.tsx';

/** `/terms`: what using Tide means. */
export function TermsPage() {
  return (
    <InfoPage
      heading="public.terms.heading"
      sections={[
        { paragraphs: ['public.terms.p1', 'public.terms.p2'] },
        { title: 'public.terms.yoursTitle', paragraphs: ['public.terms.p3', 'public.terms.p4'] },
        { title: 'public.terms.serviceTitle', paragraphs: ['public.terms.p5', 'public.terms.p6'] },
      ]}
    />
  );
}

/** `/privacy`: what Tide stores and sends. */
export function PrivacyPage() {
  return (
    <InfoPage
      heading="public.privacy.heading"
      sections={[
        { paragraphs: ['public.privacy.p1'] },
        { title: 'public.privacy.browserTitle', paragraphs: ['public.privacy.p2', 'public.privacy.p3'] },
        { title: 'public.privacy.serviceTitle', paragraphs: ['public.privacy.p4', 'public.privacy.p5'] },
      ]}
    />
  );
}

/** `/csae-policy`: child safety. */
export function CsaePage() {
  return (
    <InfoPage
      heading="public.csae.heading"
      sections={[{ paragraphs: ['public.csae.p1', 'public.csae.p2', 'public.csae.p3', 'public.csae.p4'] }]}
    />
  );
}

/** `/support`: where to get help. */
export function SupportPage() {
  return (
    <InfoPage
      heading="public.support.heading"
      sections={[{ paragraphs: ['public.support.p1', 'public.support.p2', 'public.support.p3'] }]}
    />
  );
}

/** `/app-download-qr`: how to open Tide on a phone. */
export function AppDownloadPage() {
  return (
    <InfoPage heading="public.appDownload.heading" sections={[{ paragraphs: ['public.appDownload.p1'] }]}>
      <p>
        <code>{window.location.origin}/home</code>
      </p>
    </InfoPage>
  );
}
