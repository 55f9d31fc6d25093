import { type FormEvent, useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { useT } from '../../../i18n/intl.tsx';
import { session } from '../../../state/session.ts';
import { stores, useSession } from '../../../state/stores.ts';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useRequireSignIn } from '../../account/require-sign-in.ts';
import { KeptTokensSection } from '../../wallet/kept-tokens-section.tsx';
import styles from '../../wallet/wallet.module.css';
import { checkNwcUri, type NwcWallet, walletStore, withWallet } from '../../wallet/wallet-store.ts';
import { loadWallets, saveWallets } from '../../wallet/wallet-sync.ts';
import { GuestNotice } from './guest-notice.tsx';

// get_balance goes through the NWC SDK, which loads on first use.
const balanceOf = (uri: string) => import('@tide/core/lightning').then((m) => m.nwcGetBalance(uri));

/** One wallet: name, active choice, balance (NIP-47 get_balance) and remove. */
function WalletRow({
  wallet,
  active,
  onUse,
  onRemove,
}: {
  wallet: NwcWallet;
  active: boolean;
  onUse: () => void;
  onRemove: () => void;
}) {
  const t = useT();
  const [balance, setBalance] = useState<number | 'error' | null>(null);
  const show = () => {
    setBalance(null);
    balanceOf(wallet.uri).then(
      (msats) => setBalance(Math.floor(msats / 1000)),
      () => setBalance('error'),
    );
  };
  return (
    <li className={styles.row} data-testid="nwc-wallet" data-active={active || undefined}>
      <span className={styles.name}>{wallet.name}</span>
      <label>
        <input type="radio" name="nwc-active" checked={active} onChange={onUse} />{' '}
        {t('settings.nwc.useThis', { name: wallet.name })}
      </label>
      <Button variant="secondary" size="sm" onClick={show}>
        {t('settings.nwc.showBalance')}
      </Button>
      {balance === 'error' ? (
        <span className={styles.error}>{t('settings.nwc.balanceUnknown')}</span>
      ) : balance !== null ? (
        <span data-testid="nwc-balance">{t('settings.nwc.balance', { sats: balance })}</span>
      ) : null}
      <Button variant="danger" size="sm" onClick={onRemove}>
        {t('settings.nwc.remove', { name: wallet.name })}
      </Button>
    </li>
  );
}

/** Connected wallets (Nostr Wallet Connect): add, list, choose the active one, remove, balance; saved to the account. */
export function NwcSection() {
  const t = useT();
  const requireSignIn = useRequireSignIn();
  const pubkey = useSession((s) => s.publicKey);
  const canSign = useSession((s) => s.canSign);
  const { wallets, active, loaded } = useStore(walletStore);
  const [uri, setUri] = useState('');
  const [name, setName] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (pubkey && canSign) void loadWallets(session.signer);
  }, [pubkey, canSign]);

  async function save(next: NwcWallet[], nextActive: string | null): Promise<boolean> {
    setBusy(true);
    const ok = await saveWallets(next, nextActive);
    setBusy(false);
    if (!ok) stores.toasts.getState().show({ kind: 'error', message: t('settings.nwc.saveFailed') });
    return ok;
  }

  async function add(event: FormEvent) {
    event.preventDefault();
    if (!requireSignIn()) return;
    const checked = checkNwcUri(uri);
    setInvalid(!checked);
    if (!checked) return;
    const next = withWallet(wallets, name, checked);
    // The text stays in the fields until the account has it.
    if (await save(next, active ?? next[0]?.name ?? null)) {
      setUri('');
      setName('');
    }
  }

  return (
    <>
      <p>{t('settings.nwc.body')}</p>
      <GuestNotice />
      <h3>{t('settings.nwc.list')}</h3>
      {pubkey && loaded && wallets.length === 0 ? <p>{t('settings.nwc.none')}</p> : null}
      <ul className={styles.list} aria-label={t('settings.nwc.list')}>
        {wallets.map((w) => (
          <WalletRow
            key={w.name}
            wallet={w}
            active={w.name === active}
            onUse={() => void save(wallets, w.name)}
            onRemove={() =>
              void save(
                wallets.filter((x) => x.name !== w.name),
                active === w.name ? null : active,
              )
            }
          />
        ))}
      </ul>
      <form onSubmit={add} className={styles.form} noValidate>
        <TextField
          label={t('settings.nwc.uri')}
          value={uri}
          autoComplete="off"
          spellCheck={false}
          error={invalid ? t('settings.nwc.invalid') : undefined}
          onChange={(e) => setUri(e.currentTarget.value)}
        />
        <TextField label={t('settings.nwc.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {t('settings.nwc.connect')}
        </Button>
      </form>
      <KeptTokensSection />
    </>
  );
}
