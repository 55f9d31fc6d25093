import { decode } from 'nostr-tools/nip19';

/** True when the text is an `nsec…` key that decodes as a secret-key identifier (spec §5, login). */
export function isValidNsec(text: string): boolean {
  const key = text.trim();
  if (!key.startsWith('nsec')) return false;
  try {
    return decode(key).type === 'nsec';
  } catch {
    return false;
  }
}
