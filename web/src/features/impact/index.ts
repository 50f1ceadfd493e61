/** What the rest of the app may use of the economic-impact panel. */
export { impactKeys } from './api/keys.ts';
export { ImpactPanel } from './components/ImpactPanel.tsx';
// The hand-written chart pieces (decision 0018), now in ui/charts: re-exported for the admin dashboard
// until it imports them from there.
export { BarChart } from '../../ui/charts/BarChart.tsx';
export { ChartTable } from '../../ui/charts/ChartTable.tsx';
export { LineChart } from '../../ui/charts/LineChart.tsx';
export { formatCompactMoney, formatCount, formatShortMonth, withheldText } from './format.ts';
