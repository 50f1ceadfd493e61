import { useQuery } from '@tanstack/react-query';
import { dashboardPeriods, roleLabels, type DashboardStats } from '@uplift/contracts';
import { useState, type ReactNode } from 'react';
import { ChartFigure } from '../../ui/charts/ChartFigure.tsx';
import { DonutChart } from '../../ui/charts/DonutChart.tsx';
import { percentOf } from '../../ui/charts/scale.ts';
import { LineChart } from '../../ui/charts/LineChart.tsx';
import { StackedBarChart } from '../../ui/charts/StackedBarChart.tsx';
import { LoadAlert } from '../../ui/LoadAlert.tsx';
import { formatCompactMoney, formatCount, formatShortMonth, withheldText } from '../impact/index.ts';
import { dashboardStatsQueryOptions } from './api/getDashboardStats.ts';
import { NumberCards } from './components/NumberCards.tsx';

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** "Totals: Sign-ins 40, Failures 3": what a screen reader hears of a chart of daily counts. */
function totals(series: readonly (readonly [string, readonly number[]])[]): string {
  const sums = series.map(([label, values]) => `${label} ${values.reduce((sum, value) => sum + value, 0)}`);
  return `Totals: ${sums.join(', ')}`;
}

function Charts({ stats }: { stats: DashboardStats }) {
  // "2026-03-14" reads "03-14" under the axis; the table keeps the full date.
  const shortDays = stats.activity.map((point) => point.day.slice(5));
  const { members, membersAssessed, completedInPeriod } = stats.assessments;
  const impact = stats.impact;
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
      <Panel id="chart-roles" title="Members by role">
        <ChartFigure
          chart={
            // Every member has one role: the roles are parts of one whole, so one bar split by role.
            <StackedBarChart
              title="Members by role"
              series={stats.membersByRole.map((entry) => roleLabels[entry.role])}
              bars={[{ label: 'All members', values: stats.membersByRole.map((entry) => entry.count) }]}
              formatValue={formatCount}
            />
          }
          table={{
            caption: 'Members by role',
            headers: ['Role', 'Members'],
            rows: stats.membersByRole.map((entry) => [roleLabels[entry.role], String(entry.count)]),
          }}
        />
        <p className="text-sm text-slate-700">{`${formatCount(stats.newMembers)} joined in the last ${stats.days} days.`}</p>
      </Panel>
      <Panel id="chart-activity" title="Activity per day">
        <ChartFigure
          chart={
            <LineChart
              title="Active members and Vale questions per day"
              summary={totals([
                ['Active members', stats.activity.map((p) => p.activeMembers)],
                ['Vale questions', stats.activity.map((p) => p.valeQuestions)],
              ])}
              labels={shortDays}
              series={[
                { label: 'Active members', values: stats.activity.map((p) => p.activeMembers) },
                {
                  label: 'Vale questions',
                  values: stats.activity.map((p) => p.valeQuestions),
                  tone: 'amber',
                  dashed: true,
                },
              ]}
              formatValue={formatCount}
            />
          }
          table={{
            caption: 'Active members and Vale questions per day',
            headers: ['Day', 'Active members', 'Vale questions'],
            rows: stats.activity.map((p) => [p.day, String(p.activeMembers), String(p.valeQuestions)]),
          }}
        />
      </Panel>
      <Panel id="chart-assessments" title="Skills assessment">
        <ChartFigure
          chart={
            <DonutChart
              title="Members who completed an assessment"
              summary={`${percentOf(membersAssessed, members)}% (${membersAssessed} of ${members})`}
              slices={[
                { label: 'Completed an assessment', value: membersAssessed },
                { label: 'Not yet', value: Math.max(0, members - membersAssessed), rest: true },
              ]}
              formatValue={formatCount}
            />
          }
          table={{
            caption: 'Skills assessment completion',
            headers: ['Measure', 'Count'],
            rows: [
              ['Members', String(members)],
              ['Members with a completed assessment', String(membersAssessed)],
              [`Completed in the last ${stats.days} days`, String(completedInPeriod)],
            ],
          }}
        />
        <p className="text-slate-700">
          {`${formatCount(membersAssessed)} of ${formatCount(members)} members have completed an assessment; ${formatCount(completedInPeriod)} assessments completed in the last ${stats.days} days.`}
        </p>
      </Panel>
      <Panel id="chart-security" title="Security events per day">
        <ChartFigure
          chart={
            <LineChart
              title="Sign-ins, failed sign-ins, lockouts and token reuse per day"
              summary={totals([
                ['Sign-ins', stats.security.map((p) => p.signIns)],
                ['Failures', stats.security.map((p) => p.failures)],
                ['Lockouts', stats.security.map((p) => p.lockouts)],
                ['Token reuse', stats.security.map((p) => p.tokenReuse)],
              ])}
              labels={shortDays}
              series={[
                { label: 'Sign-ins', values: stats.security.map((p) => p.signIns) },
                {
                  label: 'Failures',
                  values: stats.security.map((p) => p.failures),
                  tone: 'amber',
                  dashed: true,
                },
                {
                  label: 'Lockouts',
                  values: stats.security.map((p) => p.lockouts),
                  tone: 'red',
                  dashed: true,
                },
                { label: 'Token reuse', values: stats.security.map((p) => p.tokenReuse), tone: 'ink' },
              ]}
              formatValue={formatCount}
            />
          }
          table={{
            caption: 'Security events per day',
            headers: ['Day', 'Sign-ins', 'Failures', 'Lockouts', 'Token reuse'],
            rows: stats.security.map((p) => [
              p.day,
              String(p.signIns),
              String(p.failures),
              String(p.lockouts),
              String(p.tokenReuse),
            ]),
          }}
        />
      </Panel>
      <Panel id="chart-impact" title="Economic impact">
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <div>
            <dt className="text-slate-700">Outcomes reported</dt>
            <dd className="text-xl font-bold text-slate-900">
              {impact.outcomesReported === null ? withheldText : formatCount(impact.outcomesReported)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-700">Yearly wage uplift</dt>
            <dd className="text-xl font-bold text-slate-900">
              {impact.totalAnnualWageUplift === null
                ? withheldText
                : formatCompactMoney(impact.totalAnnualWageUplift)}
            </dd>
          </div>
        </dl>
        <ChartFigure
          chart={
            <LineChart
              title="Outcomes reported per month"
              labels={impact.trend.map((point) => formatShortMonth(point.month))}
              series={[{ label: 'Outcomes', values: impact.trend.map((point) => point.outcomes) }]}
              formatValue={formatCount}
            />
          }
          table={{
            caption: 'Outcomes reported per month',
            headers: ['Month', 'Outcomes'],
            rows: impact.trend.map((point) => [
              point.month,
              point.outcomes === null ? withheldText : String(point.outcomes),
            ]),
          }}
        />
      </Panel>
    </div>
  );
}

/** /admin/dashboard: the headline numbers, each opening the members it counts, and the five admin charts over 7, 30 or 90 days, each with its table. */
export default function AdminDashboardPage() {
  const [days, setDays] = useState<number>(30);
  const stats = useQuery(dashboardStatsQueryOptions(days));
  return (
    <div className="space-y-4 py-4">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Admin Dashboard</h1>
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="sr-only">Period</legend>
        {dashboardPeriods.map((period) => (
          <label
            key={period}
            className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-slate-300 bg-white px-3 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
          >
            <input type="radio" name="period" checked={days === period} onChange={() => setDays(period)} />
            {`Last ${period} days`}
          </label>
        ))}
      </fieldset>
      <LoadAlert className="text-slate-700">
        {stats.isError && 'The dashboard could not be loaded. Try again.'}
      </LoadAlert>
      {stats.data ? (
        <>
          <NumberCards stats={stats.data} />
          <Charts stats={stats.data} />
        </>
      ) : stats.isError ? null : (
        <p role="status" className="text-slate-700">
          Loading the dashboard…
        </p>
      )}
    </div>
  );
}
