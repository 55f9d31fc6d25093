import { useState } from 'react';
import { useT } from '../../i18n/intl.tsx';
import { useSession } from '../../state/stores.ts';
import { Button } from '../../ui/button.tsx';
import { EmptyState, Screen } from '../../ui/screen.tsx';
import { SkeletonList } from '../../ui/skeleton.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { useRequireSignIn } from '../account/require-sign-in.ts';

const RELATIONS = [
  { id: 'follows', label: 'messages.relation.follows' },
  { id: 'other', label: 'messages.relation.other' },
  { id: 'any', label: 'messages.relation.any' },
] as const;

/** Messages: contacts split follows/other/any, Mark All Read, and the open conversation (`/dms/:contact`). */
export function MessagesFrame({ contact }: { contact?: string }) {
  const t = useT();
  const requireSignIn = useRequireSignIn();
  const signedIn = useSession((s) => s.publicKey !== null);
  const [relation, setRelation] = useState('follows');
  return (
    <Screen
      heading={t('messages.heading')}
      actions={
        <Button variant="secondary" size="sm" onClick={() => requireSignIn()}>
          {t('messages.markAllRead')}
        </Button>
      }
    >
      <Tabs
        label={t('messages.relationLabel')}
        items={RELATIONS.map(({ id, label }) => ({ id, label: t(label) }))}
        value={relation}
        onChange={setRelation}
      >
        {signedIn ? (
          <SkeletonList label={t('common.loading')} count={4} />
        ) : (
          <EmptyState title={t('messages.guestTitle')}>
            {contact ? t('messages.guestContact') : t('messages.guestBody')}
          </EmptyState>
        )}
      </Tabs>
    </Screen>
  );
}
