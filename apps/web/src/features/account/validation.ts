/** Letters, digits, underscore, dot and hyphen: no spaces or other special characters. */
const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;

/** Why a username is rejected. */
export type UsernameProblem = 'required' | 'invalid';

/** Checks a create-account username (spec §5); undefined when it is acceptable. */
export function checkUsername(value: string): UsernameProblem | undefined {
  const name = value.trim();
  if (name.length === 0) return 'required';
  if (!USERNAME_PATTERN.test(name)) return 'invalid';
  return undefined;
}

/** Minimum PIN length (spec §9). */
export const PIN_MIN_LENGTH = 4;

/** Why a new PIN is rejected. */
export type PinProblem = 'short' | 'mismatch';

/** Checks a new PIN and its repetition (spec §5). */
export function checkNewPin(pin: string, repeat: string): PinProblem | undefined {
  if (pin.length < PIN_MIN_LENGTH) return 'short';
  if (pin !== repeat) return 'mismatch';
  return undefined;
}
