// The membership service: Premium and Legend paid over lightning, on its own socket path (`/wallet/v1`).

export { memberFactEvents, memberFacts, memberNames, unixNow } from './member-facts.ts';
export {
  contactLists,
  eventCountsByKind,
  isActive,
  type Member,
  memberByName,
  memberByPubkey,
  memberChangeSet,
  saveMember,
  toMember,
} from './member-store.ts';
export { authorise, MembershipRefusal, type SignedParams } from './membership-auth.ts';
export { LEGEND_STYLES, type MembershipAnswer, MembershipKind } from './membership-kinds.ts';
export {
  MembershipService,
  type MembershipServiceOptions,
  QUOTE_TTL_SECONDS,
} from './membership-service.ts';
export { type MembershipPayments, nwcPayments, type OperatorInvoice } from './payments.ts';
export {
  MEMBER_NAME,
  MEMBER_STORAGE_LIMIT,
  MEMBER_UPLOAD_LIMIT,
  MEMBERSHIP_PRODUCTS,
  type MembershipProduct,
  productById,
  REGULAR_UPLOAD_LIMIT,
} from './products.ts';
export { MONITOR_POLL_MS, serveWalletConnection } from './wallet-endpoint.ts';
