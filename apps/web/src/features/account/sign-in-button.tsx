import { lazy, Suspense, useState } from 'react';
import { Button } from '../../ui/button.tsx';

const LoginDialog = lazy(() => import('./login-dialog.tsx').then((m) => ({ default: m.LoginDialog })));

/** A button that opens the login dialog (loaded on first use), for screens that ask a guest to sign in. */
export function SignInButton({ label }: { label: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} aria-haspopup="dialog">
        {label}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <LoginDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
