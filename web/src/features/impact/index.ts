/** What the rest of the app may use of the economic-impact panel. */
export { impactKeys } from './api/keys.ts';
export { ImpactPanel } from './components/ImpactPanel.tsx';
export { formatCompactMoney, formatCount, formatShortMonth, withheldText } from './format.ts';
