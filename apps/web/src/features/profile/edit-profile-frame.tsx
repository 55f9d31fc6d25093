import { type FormEvent, useState } from 'react';
import { Screen } from '../../app/screen.tsx';
import { useT } from '../../i18n/intl.tsx';
import { Avatar } from '../../ui/avatar.tsx';
import { Button } from '../../ui/button.tsx';
import { TextAreaField, TextField } from '../../ui/text-field.tsx';
import { useRequireSignIn } from '../account/require-sign-in.ts';
import { checkUsername } from '../account/validation.ts';
import styles from '../frames.module.css';

const FIELDS = ['displayName', 'name', 'website', 'lud16', 'nip05', 'picture', 'banner'] as const;
type Field = (typeof FIELDS)[number] | 'about';

/** Edit profile (`/settings/profile`): the profile fields of spec §3; the username is required and checked. */
export function EditProfileFrame() {
  const t = useT();
  const requireSignIn = useRequireSignIn();
  const [values, setValues] = useState<Record<Field, string>>({
    displayName: '',
    name: '',
    website: '',
    about: '',
    lud16: '',
    nip05: '',
    picture: '',
    banner: '',
  });
  const [nameError, setNameError] = useState<string | undefined>();
  const set = (key: Field) => (e: { currentTarget: { value: string } }) =>
    setValues({ ...values, [key]: e.currentTarget.value });

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = checkUsername(values.name);
    setNameError(
      problem === 'required'
        ? t('createAccount.usernameRequired')
        : problem === 'invalid'
          ? t('createAccount.usernameInvalidChars')
          : undefined,
    );
    if (!problem) requireSignIn();
  }

  return (
    <Screen heading={t('settingsProfile.heading')}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <Avatar size="xl" src={values.picture} />
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
        <Button type="submit">{t('common.save')}</Button>
      </form>
    </Screen>
  );
}
