/** What the rest of the app may use of the economic-impact panel. */
export { impactKeys } from './api/keys.ts';
export { ImpactPanel } from './components/ImpactPanel.tsx';
// The hand-written chart pieces (decision 0018), shared with the admin dashboard.
export { BarChart } from './components/BarChart.tsx';
export { ChartTable } from './components/ChartTable.tsx';
export { LineChart } from './components/LineChart.tsx';
export { formatCompactMoney, formatCount, formatShortMonth, withheldText } from './format.ts';
