import { type ProfileFields, profileFieldsOf } from '@tide/core/edits';
import { type FormEvent, useEffect, useState } from 'react';
import { useCacheQuery } from '../../data/use-cache-query.ts';
import { useT } from '../../i18n/intl.tsx';
import { useSession } from '../../state/stores.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { Button } from '../../ui/button.tsx';
import { Screen } from '../../ui/screen.tsx';
import { SkeletonList } from '../../ui/skeleton.tsx';
import { TextAreaField, TextField } from '../../ui/text-field.tsx';
import accountStyles from '../account/create-account.module.css';
import { useRequireSignIn } from '../account/require-sign-in.ts';
import { checkUsername } from '../account/validation.ts';
import styles from '../frames.module.css';
import { ImageUploadButton } from './image-upload-button.tsx';
import profileStyles from './profile.module.css';

// Reading and saving load with the form (signing, relays).
const saver = () => import('./profile-save.ts');

/** Edit profile (`/settings/profile`): opens filled with the current profile; the username is required and checked. */
export function EditProfileFrame() {
  const t = useT();
  const viewer = useSession((s) => s.publicKey);
  const current = useCacheQuery(['edit-profile', viewer], async () => (await saver()).loadProfileFields(viewer ?? ''), {
    enabled: viewer !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (viewer && current.status === 'pending') {
    return (
      <Screen heading={t('settingsProfile.heading')}>
        <SkeletonList label={t('profile.formLoading')} count={4} />
      </Screen>
    );
  }
  if (viewer && current.status === 'error') {
    return (
      <Screen heading={t('settingsProfile.heading')}>
        <p role="alert" className={styles.muted}>
          {t('profile.loadFailed')}
        </p>
      </Screen>
    );
  }
  return <EditProfileForm key={viewer ?? ''} initial={current.data ?? profileFieldsOf('')} />;
}

function EditProfileForm({ initial }: { initial: ProfileFields }) {
  const t = useT();
  const requireSignIn = useRequireSignIn();
  const [values, setValues] = useState<ProfileFields>(initial);
  const [showErrors, setShowErrors] = useState(false);
  const [saving, setSaving] = useState(false);
  useEffect(() => setValues(initial), [initial]);
  const set = (key: keyof ProfileFields) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [key]: value }));
  };
  const setUrl = (key: 'picture' | 'banner') => (url: string) => setValues((v) => ({ ...v, [key]: url }));
  const problem = checkUsername(values.name);
  const nameError = !showErrors
    ? undefined
    : problem === 'required'
      ? t('createAccount.usernameRequired')
      : problem === 'invalid'
        ? t('createAccount.usernameInvalidChars')
        : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setShowErrors(true);
    if (problem || !requireSignIn()) return;
    setSaving(true);
    try {
      await (await saver()).saveProfile(values);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Screen heading={t('settingsProfile.heading')}>
      <form className={styles.form} onSubmit={submit} noValidate data-testid="edit-profile-form">
        <div className={profileStyles.banner}>
          {values.banner ? <img className={profileStyles.bannerImage} src={values.banner} alt="" /> : null}
        </div>
        <Avatar size="xl" src={values.picture} />
        <div className={styles.row}>
          <ImageUploadButton label={t('profile.uploadAvatar')} onUploaded={setUrl('picture')} testId="upload-avatar" />
          <ImageUploadButton label={t('profile.uploadBanner')} onUploaded={setUrl('banner')} testId="upload-banner" />
        </div>
        {showErrors && problem === 'invalid' ? (
          <p className={accountStyles.formError} role="alert">
            {t('createAccount.usernameNotValid')}
          </p>
        ) : null}
        <TextField label={t('profile.field.displayName')} value={values.displayName} onChange={set('displayName')} />
        <TextField
          label={t('profile.field.name')}
          required
          value={values.name}
          error={nameError}
          onChange={set('name')}
        />
        <TextField label={t('profile.field.website')} type="url" value={values.website} onChange={set('website')} />
        <TextAreaField label={t('profile.field.about')} value={values.about} onChange={set('about')} />
        <TextField label={t('profile.field.lud16')} value={values.lud16} onChange={set('lud16')} />
        <TextField label={t('profile.field.nip05')} value={values.nip05} onChange={set('nip05')} />
        <TextField label={t('profile.field.picture')} type="url" value={values.picture} onChange={set('picture')} />
        <TextField label={t('profile.field.banner')} type="url" value={values.banner} onChange={set('banner')} />
        <Button type="submit" disabled={saving} aria-busy={saving}>
          {t('common.save')}
        </Button>
      </form>
    </Screen>
  );
}
