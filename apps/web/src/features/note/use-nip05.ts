import { useEffect, useState } from 'react';
import { resolveNip05 } from './nip05.ts';

/** True once `nip05` is checked and resolves to `pubkey` (the verification badge). */
export function useNip05Verified(nip05: string, pubkey: string): boolean {
  const [verified, setVerified] = useState(false);
  useEffect(() => {
    if (!nip05) return;
    let live = true;
    void resolveNip05(nip05).then((found) => {
      if (live) setVerified(found === pubkey);
    });
    return () => {
      live = false;
    };
  }, [nip05, pubkey]);
  return verified;
}
