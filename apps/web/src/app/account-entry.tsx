import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useT } from '../i18n/intl.tsx';
import { Button } from '../ui/button.tsx';
import { UserIcon } from '../ui/icons.tsx';
import styles from './nav.module.css';

// The dialog (and Radix with it) loads only when someone asks to sign in.
const LoginDialog = lazy(() =>
  import('../features/account/login-dialog.tsx').then((m) => ({ default: m.LoginDialog })),
);

/** The guest's entry: "Sign in" (opens the login dialog) and a link to create an account. */
export function AccountEntry() {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} aria-haspopup="dialog" data-nav-item="sign-in">
        {t('nav.signIn')}
      </Button>
      <Link to="/new" className={styles.link} data-nav-item="/new">
        <UserIcon />
        <span className={styles.label}>{t('nav.createAccount')}</span>
      </Link>
      {open ? (
        <Suspense fallback={null}>
          <LoginDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
