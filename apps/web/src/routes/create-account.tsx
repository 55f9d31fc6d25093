import { CreateAccountForm } from '../features/account/create-account-form.tsx';
import { useT } from '../i18n/intl.tsx';
import { Screen } from '../ui/screen.tsx';

/** `/new`: create an account in three steps. */
export function Page() {
  const t = useT();
  return (
    <Screen heading={t('createAccount.heading')}>
      <CreateAccountForm />
    </Screen>
  );
}
