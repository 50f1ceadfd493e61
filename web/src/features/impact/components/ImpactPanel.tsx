import { useQuery } from '@tanstack/react-query';
import { outcomeTypeLabel } from '@uplift/contracts';
import { useId } from 'react';
import { economicImpactQueryOptions } from '../api/getEconomicImpact.ts';
import { industryBreakdownQueryOptions } from '../api/getIndustryBreakdown.ts';
import {
  formatCompactMoney,
  formatCount,
  formatMoney,
  formatMonth,
  formatShortMonth,
  orWithheld,
} from '../format.ts';
import { BarChart } from '../../../ui/charts/BarChart.tsx';
import { ChartFigure } from '../../../ui/charts/ChartFigure.tsx';
import { LineChart } from '../../../ui/charts/LineChart.tsx';
import { LoadAlert } from '../../../ui/LoadAlert.tsx';
import { ImpactFigures } from './ImpactFigures.tsx';
import { IndustryDetails } from './IndustryDetails.tsx';

/**
 * The community's economic impact (PRODUCT §2): headline figures, the 12-month trend and the industry
 * breakdown, every figure computed by the server from members' reports. Each chart has a table twin; each
 * industry's full set of figures opens from its own heading.
 */
export function ImpactPanel({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const headingId = useId();
  const impact = useQuery(economicImpactQueryOptions());
  const breakdown = useQuery(industryBreakdownQueryOptions());
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const Sub = headingLevel === 2 ? 'h3' : 'h4';
  const data = impact.data;

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <Heading id={headingId} className="text-lg font-semibold text-slate-900">
        Economic impact
      </Heading>
      <LoadAlert className="text-slate-700">
        {!data && impact.isError && 'The impact figures could not be loaded.'}
      </LoadAlert>
      {!data ? (
        impact.isError ? null : (
          <p className="text-slate-700" role="status">
            Loading the impact figures…
          </p>
        )
      ) : (
        <>
          <ImpactFigures
            figures={data}
            size="large"
            formatWageUplift={formatCompactMoney}
            omitWithheldExtras
          />
          <div className="space-y-2">
            <Sub className="font-semibold text-slate-900">Wage uplift reported, last 12 months</Sub>
            <ChartFigure
              chart={
                <LineChart
                  title="Yearly wage uplift reported per month"
                  labels={data.trend.map((point) => formatShortMonth(point.month))}
                  series={[
                    { label: 'Yearly wage uplift', values: data.trend.map((point) => point.wageUplift) },
                  ]}
                  formatValue={formatCompactMoney}
                />
              }
              table={{
                caption: 'Outcomes and wage uplift reported per month',
                headers: ['Month', 'Outcomes', 'Yearly wage uplift'],
                rows: data.trend.map((point) => [
                  formatMonth(point.month),
                  orWithheld(point.outcomes, formatCount),
                  orWithheld(point.wageUplift, formatMoney),
                ]),
              }}
            />
          </div>
          <div className="space-y-2">
            <Sub className="font-semibold text-slate-900">Outcomes by type</Sub>
            <ChartFigure
              chart={
                <BarChart
                  title="Outcomes by type"
                  bars={data.outcomesByType.map((row) => ({
                    label: outcomeTypeLabel(row.type),
                    value: row.count,
                  }))}
                  formatValue={formatCount}
                />
              }
              table={{
                caption: 'Outcomes by type',
                headers: ['Outcome', 'Count'],
                rows: data.outcomesByType.map((row) => [
                  outcomeTypeLabel(row.type),
                  orWithheld(row.count, formatCount),
                ]),
              }}
            />
          </div>
        </>
      )}
      {breakdown.data && breakdown.data.industries.length > 0 && (
        <>
          <div className="space-y-2">
            <Sub className="font-semibold text-slate-900">Wage uplift by industry</Sub>
            <ChartFigure
              chart={
                <BarChart
                  title="Yearly wage uplift by industry"
                  bars={breakdown.data.industries.map((row) => ({
                    label: row.label,
                    value: row.totalAnnualWageUplift,
                  }))}
                  formatValue={formatCompactMoney}
                />
              }
              table={{
                caption: 'Members, outcomes and yearly wage uplift by industry',
                headers: ['Industry', 'Members', 'Outcomes', 'Yearly wage uplift'],
                rows: breakdown.data.industries.map((row) => [
                  row.label,
                  formatCount(row.members),
                  orWithheld(row.outcomesReported, formatCount),
                  orWithheld(row.totalAnnualWageUplift, formatMoney),
                ]),
              }}
            />
          </div>
          <div className="space-y-2">
            <Sub className="font-semibold text-slate-900">Every figure by industry</Sub>
            <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
              {breakdown.data.industries.map((row) => (
                <li key={row.industry}>
                  <IndustryDetails industry={row} headingLevel={headingLevel === 2 ? 4 : 5} />
                </li>
              ))}
            </ul>
          </div>
        </>
      )}
      <p className="text-sm text-slate-700">
        Computed from what members report on their profiles. Groups of fewer than 5 members are never shown on
        their own.
      </p>
    </section>
  );
}
