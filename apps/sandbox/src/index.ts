/** @tide/sandbox: a loopback lightning sandbox (ledger, LNURL-pay + zaps, NWC, Cashu mint, WebLN) for demos and tests. */
export { Ledger, LedgerError, type LedgerInvoice, type LedgerTransaction } from './ledger.ts';
export { NWC_INFO_KIND, NWC_METHODS, NWC_REQUEST_KIND, NWC_RESPONSE_KIND, NwcService } from './nwc-service.ts';
export {
  DEMO_WALLETS,
  demoKey,
  type Sandbox,
  type SandboxAccount,
  type SandboxOptions,
  startSandbox,
} from './sandbox.ts';
export { weblnScript } from './webln-script.ts';
