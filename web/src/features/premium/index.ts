/** What the rest of the app may use of premium requests: the offer shown where premium is locked. */
export { PremiumOffer } from './components/PremiumOffer.tsx';
