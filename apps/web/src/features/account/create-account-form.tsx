import { type FormEvent, useState } from 'react';
import { useT } from '../../i18n/intl.tsx';
import { stores } from '../../state/stores.ts';
import { Button } from '../../ui/button.tsx';
import { SkeletonList } from '../../ui/skeleton.tsx';
import { TextAreaField, TextField } from '../../ui/text-field.tsx';
import styles from './create-account.module.css';
import { checkUsername } from './validation.ts';

/** What the create-account form collects (spec §3, profile edit fields). */
export interface NewAccountProfile {
  name: string;
  displayName: string;
  about: string;
  website: string;
  lud16: string;
  nip05: string;
}

const EMPTY: NewAccountProfile = { name: '', displayName: '', about: '', website: '', lud16: '', nip05: '' };

/** Create account in three steps: 1 username (required), 2 optional details, 3 suggested accounts. */
export function CreateAccountForm() {
  const t = useT();
  const [step, setStep] = useState(1);
  const [profile, setProfile] = useState<NewAccountProfile>(EMPTY);
  const [showErrors, setShowErrors] = useState(false);
  const usernameProblem = checkUsername(profile.name);

  const field = (key: keyof NewAccountProfile) => ({
    value: profile[key],
    onChange: (e: { currentTarget: { value: string } }) => setProfile({ ...profile, [key]: e.currentTarget.value }),
  });

  function next(event: FormEvent) {
    event.preventDefault();
    if (step === 1 && usernameProblem) {
      setShowErrors(true);
      return;
    }
    if (step < 3) {
      setStep(step + 1);
      return;
    }
    // Generating the key and publishing the profile arrive with the signers (issue 3).
    stores.toasts.getState().notAvailable(t('toast.notAvailable'));
  }

  const usernameError = !showErrors
    ? undefined
    : usernameProblem === 'required'
      ? t('createAccount.usernameRequired')
      : usernameProblem === 'invalid'
        ? t('createAccount.usernameInvalidChars')
        : undefined;

  return (
    <form className={styles.form} onSubmit={next} noValidate aria-labelledby="create-account-step">
      <p className={styles.progress}>{t('createAccount.progress', { step, total: 3 })}</p>
      <h2 id="create-account-step" className={styles.stepTitle}>
        {t(step === 1 ? 'createAccount.step1' : step === 2 ? 'createAccount.step2' : 'createAccount.step3')}
      </h2>
      {step === 1 ? (
        <>
          {showErrors && usernameProblem === 'invalid' ? (
            <p className={styles.formError} role="alert">
              {t('createAccount.usernameNotValid')}
            </p>
          ) : null}
          <TextField
            label={t('profile.field.name')}
            hint={t('createAccount.usernameHint')}
            required
            autoComplete="username"
            error={usernameError}
            {...field('name')}
          />
          <TextField label={t('profile.field.displayName')} {...field('displayName')} />
        </>
      ) : null}
      {step === 2 ? (
        <>
          <TextAreaField label={t('profile.field.about')} {...field('about')} />
          <TextField label={t('profile.field.website')} type="url" {...field('website')} />
          <TextField label={t('profile.field.lud16')} {...field('lud16')} />
          <TextField label={t('profile.field.nip05')} {...field('nip05')} />
        </>
      ) : null}
      {step === 3 ? (
        <>
          <p>{t('createAccount.suggestedIntro')}</p>
          <SkeletonList label={t('createAccount.suggestedLoading')} count={3} />
        </>
      ) : null}
      <div className={styles.buttons}>
        <Button variant="secondary" disabled={step === 1} onClick={() => setStep(step - 1)}>
          {t('common.previous')}
        </Button>
        <Button type="submit">{step === 3 ? t('common.finish') : t('common.next')}</Button>
      </div>
    </form>
  );
}
