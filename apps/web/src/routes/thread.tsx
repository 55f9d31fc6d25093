import { useParams } from 'react-router';
import { threadTarget } from '../features/fallback/fallback-target.ts';
import { RelayFallbackGate } from '../features/fallback/relay-fallback-gate.tsx';
import { ThreadFrame } from '../features/thread/thread-frame.tsx';
import { useT } from '../i18n/intl.tsx';

/** `/thread/:id`, `/e/:id`, `/a/:id`: one note or article with its replies (read from relays when the service is down). */
export function Page() {
  const { id = '' } = useParams();
  const t = useT();
  return (
    <RelayFallbackGate target={threadTarget(id)} heading={t('thread.heading')}>
      <ThreadFrame key={id} id={id} />
    </RelayFallbackGate>
  );
}
