import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { useT } from '../../i18n/intl.tsx';
import { Button } from '../../ui/button.tsx';
import { Panel, Screen } from '../../ui/screen.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useRequireSignIn } from '../account/require-sign-in.ts';
import styles from '../frames.module.css';
import { isPremiumNameLongEnough, PREMIUM_STEPS } from './premium-steps.ts';

/** Premium: the general page, or one step of the flow (`/premium/:step`). */
export function PremiumFrame({ step }: { step?: string }) {
  const t = useT();
  const page = step ? PREMIUM_STEPS[step] : undefined;
  return (
    <Screen
      heading={t('premium.heading')}
      title={page ? t(page.heading) : undefined}
      sidebarLabel={t('layout.sidebar')}
      sidebar={
        <Panel title={t('premium.leaderboards')}>
          <ul className={styles.list}>
            <li>
              <Link to="/premiums">{t('premiums.heading')}</Link>
            </li>
            <li>
              <Link to="/legends">{t('legends.heading')}</Link>
            </li>
          </ul>
        </Panel>
      }
    >
      {page ? (
        <section className={styles.prose}>
          <h2>{t(page.heading)}</h2>
          <p>{t(page.body)}</p>
          {step === 'name' || step === 'rename' ? <PremiumNameForm /> : <SignInAction />}
        </section>
      ) : (
        <PremiumOverview />
      )}
    </Screen>
  );
}

function PremiumOverview() {
  const t = useT();
  return (
    <section className={styles.prose}>
      <h2>{t('premium.overviewTitle')}</h2>
      <p>{t('premium.overviewBody')}</p>
      <ul>
        <li>{t('premium.plan3')}</li>
        <li>{t('premium.plan12')}</li>
      </ul>
      <ul>
        <li>{t('premium.benefit.storage')}</li>
        <li>{t('premium.benefit.uploads')}</li>
        <li>{t('premium.benefit.relay')}</li>
        <li>{t('premium.benefit.backup')}</li>
      </ul>
      <p>{t('premium.legendNote')}</p>
      <p>
        <Link to="/premium/name">{t('premium.findName')}</Link>
      </p>
    </section>
  );
}

function PremiumNameForm() {
  const t = useT();
  const requireSignIn = useRequireSignIn();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!isPremiumNameLongEnough(name)) {
      setError(t('premium.nameTooShort'));
      return;
    }
    setError(undefined);
    requireSignIn();
  }
  return (
    <form onSubmit={submit} noValidate>
      <TextField
        label={t('premium.nameLabel')}
        value={name}
        error={error}
        onChange={(e) => setName(e.currentTarget.value)}
      />
      <Button type="submit">{t('common.next')}</Button>
    </form>
  );
}

function SignInAction() {
  const t = useT();
  const requireSignIn = useRequireSignIn();
  return <Button onClick={() => requireSignIn()}>{t('premium.continue')}</Button>;
}
