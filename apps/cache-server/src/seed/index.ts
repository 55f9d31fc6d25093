// Deterministic demo network: accounts with known keys, the generator, and the seeding entry point.
export {
  DEFAULT_ACCOUNT_INFO,
  DEFAULT_ACCOUNT_PUBKEY,
  DEMO_ACCOUNTS,
  type DemoAccount,
  ZAPPER_KEY_LABEL,
  ZAPPER_PUBKEY,
} from './accounts.ts';
export { createSeedWorld, DEMO_EVENT_COUNT, demoEventBatches, type GenerateOptions } from './generate.ts';
export { type SeedOptions, type SeedResult, seedDemoNetwork } from './seed-network.ts';
export { videoOf } from './videos.ts';
export { pictureName, profileImageNames } from './world.ts';
