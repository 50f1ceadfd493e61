export { decideAccess, guardRoles } from './decideAccess.ts';
export type { AccessDecision, AccessRequest } from './decideAccess.ts';
export { GuardedOutlet } from './GuardedOutlet.tsx';
export { NoAccessPage } from './NoAccessPage.tsx';
