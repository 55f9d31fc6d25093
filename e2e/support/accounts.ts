// The seeded demo network's fixed accounts (demo data only: their keys are public by design).
export {
  DEFAULT_ACCOUNT_INFO,
  DEFAULT_ACCOUNT_PUBKEY,
  DEMO_ACCOUNTS,
  type DemoAccount,
} from '../../apps/cache-server/src/seed/accounts.ts';
