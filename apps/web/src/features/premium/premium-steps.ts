import type { MessageId } from '../../i18n/intl.tsx';

/** Premium pages addressed by `/premium/:step` (spec §2), with their heading and explanation. */
export const PREMIUM_STEPS: Record<string, { heading: MessageId; body: MessageId }> = {
  name: { heading: 'premium.step.name', body: 'premium.body.name' },
  subscribe: { heading: 'premium.step.subscribe', body: 'premium.body.subscribe' },
  rename: { heading: 'premium.step.rename', body: 'premium.body.rename' },
  support: { heading: 'premium.step.support', body: 'premium.body.support' },
  legend: { heading: 'premium.step.legend', body: 'premium.body.legend' },
  relay: { heading: 'premium.step.relay', body: 'premium.body.relay' },
  media: { heading: 'premium.step.media', body: 'premium.body.media' },
  recover: { heading: 'premium.step.recover', body: 'premium.body.recover' },
  backup: { heading: 'premium.step.backup', body: 'premium.body.backup' },
  og: { heading: 'premium.step.og', body: 'premium.body.og' },
  history: { heading: 'premium.step.history', body: 'premium.body.history' },
  style: { heading: 'premium.step.style', body: 'premium.body.style' },
  manage: { heading: 'premium.step.manage', body: 'premium.body.manage' },
};

/** Legend minimum donation in dollars (spec §9). */
export const LEGEND_MIN_USD = 1000;

/** Minimum premium name length (spec §9). */
export const PREMIUM_NAME_MIN = 3;

/** True when a premium name is long enough ('Name needs to be at least 3 characters long' otherwise). */
export function isPremiumNameLongEnough(name: string): boolean {
  return name.trim().length >= PREMIUM_NAME_MIN;
}
