import { assemblePage } from '@tide/core/model';
import { generateSecretKey, getPublicKey, npubEncode, nsecEncode } from '@tide/core/nostr';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppData } from '../../data/data-context.tsx';
import { useT } from '../../i18n/intl.tsx';
import { session } from '../../state/session.ts';
import { stores } from '../../state/stores.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { Button } from '../../ui/button.tsx';
import { ImageIcon } from '../../ui/icons.tsx';
import { TextAreaField, TextField } from '../../ui/text-field.tsx';
import { getProductRelay, publishEvent } from '../publish/index.ts';
import styles from './create-account.module.css';
import { type FinishPart, finishNewAccount } from './create-account-finish.ts';
import { GettingStartedDialog } from './getting-started-dialog.tsx';
import { SaveKeyDialog } from './save-key-dialog.tsx';
import { SuggestedFollows } from './suggested-follows.tsx';
import { checkUsername } from './validation.ts';

/** What the create-account form collects (spec §3, profile edit fields). */
export interface NewAccountProfile {
  name: string;
  displayName: string;
  about: string;
  website: string;
  lud16: string;
  nip05: string;
  picture: string;
}

const EMPTY: NewAccountProfile = {
  name: '',
  displayName: '',
  about: '',
  website: '',
  lud16: '',
  nip05: '',
  picture: '',
};

// Upload code loads when an avatar is picked.
const upload = () => import('../upload/index.ts');

/**
 * Create account in three steps (spec §4): a new key is made at once; 1 username (required, spec §5 rules) and display
 * name, 2 optional details and an avatar upload, 3 suggested accounts to follow. Finish shows the new private key (copy,
 * download as a file) until the user confirms they saved it, with an optional PIN; then it signs in and publishes the
 * relay list (the product relay), the profile and the contact list, and opens the getting-started dialog.
 */
export function CreateAccountForm() {
  const t = useT();
  const navigate = useNavigate();
  const { queryClient } = useAppData();
  const [secretKey] = useState(() => generateSecretKey());
  const nsec = useMemo(() => nsecEncode(secretKey), [secretKey]);
  const npub = useMemo(() => npubEncode(getPublicKey(secretKey)), [secretKey]);
  const [step, setStep] = useState(1);
  const [profile, setProfile] = useState<NewAccountProfile>(EMPTY);
  const [showErrors, setShowErrors] = useState(false);
  const [follows, setFollows] = useState<Set<string>>(() => new Set());
  const [keyOpen, setKeyOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [done, setDone] = useState<FinishPart[]>([]);
  const [welcome, setWelcome] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
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
    if (step < 3) setStep(step + 1);
    else setKeyOpen(true);
  }

  async function pickAvatar(file: File | undefined) {
    if (!file) return;
    const [{ uploadFile, uploadErrorMessage }, { LocalSigner }] = await Promise.all([
      upload(),
      import('@tide/core/signers'),
    ]);
    const signer = new LocalSigner(secretKey);
    setProgress(0);
    try {
      const uploaded = await uploadFile(file, { onProgress: setProgress, signer });
      setProfile((current) => ({ ...current, picture: uploaded.url }));
    } catch (failure) {
      const message = uploadErrorMessage(t, failure, file.name);
      if (message) stores.toasts.getState().show({ kind: 'error', message });
    } finally {
      signer.forget();
      setProgress(null);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  async function finish(pin?: string) {
    setBusy(true);
    setError(undefined);
    const failure = t('createAccount.failed');
    try {
      const result = await finishNewAccount(
        { secretKey, profile, follows: [...follows], pin },
        {
          signIn: (key, withPin) => session.signInWithNsec(key, withPin),
          publish: (template, options) =>
            publishEvent(template, { ...options, failureMessage: failure, timeoutMessage: failure }),
          productRelay: getProductRelay,
        },
        done,
      );
      setDone(result.done);
      if (result.failed) {
        setError(failure);
        return;
      }
      // The account's own profile was read (empty) at sign-in: show the one just published, and read the rest again.
      const pubkey = getPublicKey(secretKey);
      if (result.profile) queryClient.setQueryData(['account-user', pubkey], assemblePage([{ ...result.profile }]));
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'account-user' });
      setKeyOpen(false);
      setWelcome(true);
    } catch {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }

  const usernameError = !showErrors
    ? undefined
    : usernameProblem === 'required'
      ? t('createAccount.usernameRequired')
      : usernameProblem === 'invalid'
        ? t('createAccount.usernameInvalidChars')
        : undefined;

  return (
    <>
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
            <div className={styles.avatarRow}>
              <Avatar src={profile.picture || undefined} size="lg" alt={t('createAccount.avatarAlt')} />
              <input
                ref={fileInput}
                type="file"
                accept="image/*"
                hidden
                data-testid="avatar-file"
                onChange={(e) => void pickAvatar(e.currentTarget.files?.[0])}
              />
              <Button
                variant="secondary"
                size="sm"
                disabled={progress !== null}
                onClick={() => fileInput.current?.click()}
              >
                <ImageIcon size={16} />{' '}
                {progress === null
                  ? t('createAccount.avatarUpload')
                  : t('createAccount.avatarUploading', { percent: Math.round(progress * 100) })}
              </Button>
            </div>
            <TextAreaField label={t('profile.field.about')} {...field('about')} />
            <TextField label={t('profile.field.website')} type="url" {...field('website')} />
            <TextField label={t('profile.field.lud16')} {...field('lud16')} />
            <TextField label={t('profile.field.nip05')} {...field('nip05')} />
          </>
        ) : null}
        {step === 3 ? (
          <>
            <p>{t('createAccount.suggestedIntro')}</p>
            <SuggestedFollows selected={follows} onChange={setFollows} />
          </>
        ) : null}
        <div className={styles.buttons}>
          <Button variant="secondary" disabled={step === 1} onClick={() => setStep(step - 1)}>
            {t('common.previous')}
          </Button>
          <Button type="submit">{step === 3 ? t('common.finish') : t('common.next')}</Button>
        </div>
      </form>
      <SaveKeyDialog
        open={keyOpen}
        onOpenChange={(open) => {
          if (!busy) setKeyOpen(open);
        }}
        nsec={nsec}
        fileName={`tide-${profile.name.trim() || npub.slice(0, 12)}-private-key.txt`}
        busy={busy}
        error={error}
        onFinish={(pin) => void finish(pin)}
      />
      <GettingStartedDialog
        open={welcome}
        onOpenChange={(open) => {
          setWelcome(open);
          if (!open) navigate('/home');
        }}
      />
    </>
  );
}
