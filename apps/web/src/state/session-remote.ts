import { loadNip46, type RemoteSigner, type SessionCore } from './session-core.ts';
import { DEVICE_KEYS, SESSION_KEYS } from './session-storage.ts';

/** A `nostrconnect://` sign-in in progress: the URI to show as a QR code, the wait, and how to stop it. */
export interface NostrConnectFlow {
  uri: string;
  /** Resolves once a remote signer connected and the user is signed in. */
  done: Promise<void>;
  cancel(): void;
}

/** Signs in through a remote signer from a `bunker://` URL; throws 'invalid-bunker' or the remote's refusal. */
export async function signInWithBunker(
  core: SessionCore,
  url: string,
  onAuthUrl?: (url: string) => void,
): Promise<void> {
  const { Nip46Signer, parseBunkerUrl } = await loadNip46();
  const pointer = parseBunkerUrl(url);
  if (!pointer) throw new Error('invalid-bunker');
  const remote = await Nip46Signer.connectBunker(pointer, { ...core.remoteOptions, onAuthUrl });
  await adoptRemote(core, remote);
}

/** Starts a `nostrconnect://` sign-in over `relays`; its `done` signs in once the user's remote signer answers. */
export async function startNostrConnect(core: SessionCore, relays: string[], name: string): Promise<NostrConnectFlow> {
  const { Nip46Signer } = await loadNip46();
  const flow = Nip46Signer.nostrConnect(relays, {
    ...core.remoteOptions,
    name,
    perms: ['sign_event', 'nip04_encrypt', 'nip04_decrypt', 'nip44_encrypt', 'nip44_decrypt'],
  });
  const done = flow.connected.then((remote) => adoptRemote(core, remote));
  await flow.listening;
  return { uri: flow.uri, done, cancel: flow.cancel };
}

/** Signs in with a connected remote signer; its session (never the user's key) is kept under the device key. */
async function adoptRemote(core: SessionCore, remote: RemoteSigner): Promise<void> {
  const publicKey = await remote.getPublicKey();
  core.storage.removeItem(SESSION_KEYS.pinVault);
  const device = await core.device();
  await device?.remove(DEVICE_KEYS.nsec);
  await device?.save(DEVICE_KEYS.nip46, JSON.stringify(remote.state)).catch(() => undefined);
  core.use(remote, null, remote);
  core.signedIn(publicKey, 'nip46', { pinLocked: false });
}
