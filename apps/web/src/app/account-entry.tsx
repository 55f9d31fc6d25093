import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useT } from '../i18n/intl.tsx';
import { useSession } from '../state/stores.ts';
import { Button } from '../ui/button.tsx';
import { UserIcon } from '../ui/icons.tsx';
import styles from './nav.module.css';

// The dialog (and Radix with it) loads only when someone asks to sign in.
const LoginDialog = lazy(() =>
  import('../features/account/login-dialog.tsx').then((m) => ({ default: m.LoginDialog })),
);
// The signed-in entry (profile query, menu) loads only for a signed-in user.
const AccountMenu = lazy(() =>
  import('../features/account/account-menu.tsx').then((m) => ({ default: m.AccountMenu })),
);

/** The account entry: for a guest "Sign in" (opens the login dialog) and create account; signed in, the account menu. */
export function AccountEntry() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const publicKey = useSession((s) => s.publicKey);
  return (
    <>
      {publicKey ? (
        <Suspense fallback={null}>
          <AccountMenu
            publicKey={publicKey}
            onSignIn={() => setOpen(true)}
            className={styles.link}
            labelClassName={styles.label}
          />
        </Suspense>
      ) : (
        <>
          <Button onClick={() => setOpen(true)} aria-haspopup="dialog" data-nav-item="sign-in">
            {t('nav.signIn')}
          </Button>
          <Link to="/new" className={styles.link} data-nav-item="/new">
            <UserIcon />
            <span className={styles.label}>{t('nav.createAccount')}</span>
          </Link>
        </>
      )}
      {open ? (
        <Suspense fallback={null}>
          <LoginDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
