/** What the rest of the app may use of partners; everything else in this folder is private to it. */
export { AdminPartnerRequests } from './components/AdminPartnerRequests.tsx';
export { MyPartnerRequests } from './components/MyPartnerRequests.tsx';
export { NearbyPartners } from './components/NearbyPartners.tsx';
/** A partner's logo as the directory shows it (the admin's partner list too). */
export { PartnerLogo } from './components/PartnerLogo.tsx';
/** The directory's query keys: admin edits invalidate them so members see a change at once. */
export { partnerKeys } from './api/keys.ts';
/** The directory's first page, which the server draws into a visitor's first page (app/visitorFirstReads). */
export { partnersQueryOptions } from './api/getPartners.ts';
