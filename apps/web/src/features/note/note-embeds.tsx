import { useQuery } from '@tanstack/react-query';
import type { EmbedToken } from '@tide/core/content';
import { safeUrl } from '@tide/core/format';
import type { LinkPreview, Page } from '@tide/core/model';
import { lazy, Suspense } from 'react';
import { useT } from '../../i18n/intl.tsx';
import { isHttpUrl, mediaCacheUrl } from './media-url.ts';
import styles from './note.module.css';

const InvoiceDetails = lazy(() => import('./invoice-details.tsx').then((m) => ({ default: m.InvoiceDetails })));
const CashuDetails = lazy(() => import('./cashu-details.tsx').then((m) => ({ default: m.CashuDetails })));

/** A sandboxed player iframe: fixed spec heights for music/audio players, 16:9 for video and live. */
export function EmbedPlayer({ token }: { token: EmbedToken }) {
  const t = useT();
  const src = safeUrl(token.embedUrl);
  if (!src) return null;
  const style = token.height ? { height: token.height } : { aspectRatio: '16 / 9' };
  return (
    <div className={styles.embed} data-provider={token.provider} data-testid="note-embed">
      <iframe
        src={src}
        title={t('note.embed', { provider: token.provider })}
        style={{ width: '100%', border: 0, ...style }}
        height={token.height}
        sandbox="allow-scripts allow-same-origin allow-popups allow-presentation"
        allow="encrypted-media; fullscreen; picture-in-picture"
        loading="lazy"
        referrerPolicy="no-referrer"
      />
    </div>
  );
}

/** The preview of a plain link: from the page's link metadata, else `/link-preview?u=`; a bare link until then. */
export function LinkCard({ url, page }: { url: string; page?: Pick<Page, 'linkPreviews'> }) {
  const known = page?.linkPreviews[url];
  const fetched = useQuery({
    queryKey: ['link-preview', url],
    enabled: !known && isHttpUrl(url),
    staleTime: 86_400_000,
    queryFn: async ({ signal }): Promise<LinkPreview | null> => {
      const res = await fetch(`/link-preview?u=${encodeURIComponent(url)}`, { signal });
      if (!res.ok) return null;
      const body = (await res.json()) as Record<string, unknown>;
      const text = (key: string) => (typeof body[key] === 'string' ? (body[key] as string) : '');
      return {
        url,
        title: text('title'),
        description: text('description'),
        mediaType: text('mimetype').split('/')[0] ?? '',
        contentType: text('mimetype'),
        images: text('image') ? [text('image')] : [],
        favicons: text('icon_url') ? [text('icon_url')] : [],
      };
    },
  });
  const preview = known ?? fetched.data ?? undefined;
  if (!isHttpUrl(url)) return <span>{url}</span>;
  if (!preview || (!preview.title && !preview.images.length)) {
    return (
      <a className={styles.link} href={url} target="_blank" rel="noopener noreferrer nofollow">
        {url}
      </a>
    );
  }
  const image = preview.images.find(isHttpUrl);
  return (
    <a
      className={styles.preview}
      href={url}
      target="_blank"
      rel="noopener noreferrer nofollow"
      data-testid="link-preview"
    >
      {image ? (
        <img className={styles.previewImage} src={mediaCacheUrl(image, 's')} alt="" loading="lazy" width={538} />
      ) : null}
      <span className={styles.previewText}>
        <span className={styles.previewHost}>{hostOf(url)}</span>
        {preview.title ? <strong>{preview.title}</strong> : null}
        {preview.description ? <span className={styles.previewDescription}>{preview.description}</span> : null}
      </span>
    </a>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** A lightning invoice: amount and expiry (decoded on demand). */
export function InvoiceCard({ invoice }: { invoice: string }) {
  const t = useT();
  return (
    <div className={styles.card} data-testid="note-invoice">
      <strong>{t('note.invoice')}</strong>
      <Suspense fallback={<span>{t('common.loading')}</span>}>
        <InvoiceDetails invoice={invoice} />
      </Suspense>
    </div>
  );
}

/** A cashu token: amount and mint when it decodes (decoded on demand). */
export function CashuCard({ token }: { token: string }) {
  const t = useT();
  return (
    <div className={styles.card} data-testid="note-cashu">
      <strong>{t('note.cashu')}</strong>
      <Suspense fallback={<span>{t('common.loading')}</span>}>
        <CashuDetails token={token} />
      </Suspense>
    </div>
  );
}
