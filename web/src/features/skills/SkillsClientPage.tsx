import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { skillAreaLabel, skillLevelLabel } from '@uplift/contracts';
import { useCurrentUser } from '../auth/index.ts';
import { resultsQueryOptions } from './api/getResults.ts';
import { ScoreBand } from './components/ScoreBand.tsx';
import { Button } from '../../ui/Button.tsx';
import { LoadAlertWithRetry } from '../../ui/LoadAlert.tsx';

const HistoryChart = lazy(() => import('./components/HistoryChart.tsx'));

/** /skills-client: the member's skills report, drawn in the browser from their results; printable. */
export default function SkillsClientPage() {
  const user = useCurrentUser();
  const results = useQuery({ ...resultsQueryOptions(user?.id ?? ''), enabled: Boolean(user) });
  if (!user) {
    return (
      <div className="space-y-3 py-4">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">My Skills</h1>
        <p className="text-slate-800">Sign in to see your skills report.</p>
        <Link
          to="/skills-public"
          className="inline-flex min-h-11 items-center font-medium text-brand-700 underline"
        >
          About the skills assessment
        </Link>
      </div>
    );
  }
  const data = results.data;
  return (
    <div className="space-y-6 py-4">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">My Skills</h1>
      {results.isPending && <p className="text-slate-700">Loading your report…</p>}
      <LoadAlertWithRetry
        failure={results.isError ? 'Your skills report could not be loaded.' : null}
        onRetry={() => void results.refetch()}
        className="print:hidden"
        alertClassName="text-slate-800"
      />
      {data && data.latest.length === 0 && (
        <p className="text-slate-800">
          No results yet.{' '}
          <Link to="/skills" className="font-medium text-brand-700 underline">
            Take the assessment
          </Link>
          .
        </p>
      )}
      {data && data.latest.length > 0 && (
        <section aria-labelledby="report-latest" className="space-y-3">
          <h2 id="report-latest" className="text-xl font-semibold text-slate-900">
            Latest result per skill
          </h2>
          <table className="w-full text-left text-slate-900">
            <thead className="text-sm text-slate-600">
              <tr>
                <th scope="col">Skill</th>
                <th scope="col">Score and likely range</th>
                <th scope="col">Level</th>
              </tr>
            </thead>
            <tbody>
              {data.latest.map((result) => (
                <tr key={result.skill} className="border-t border-slate-200">
                  <th scope="row" className="py-2 pr-2 font-medium">
                    {skillAreaLabel(result.skill)}
                  </th>
                  <td className="w-1/2 py-2 pr-2">
                    <span className="block">
                      {result.score} ({result.bandLow}–{result.bandHigh})
                      {result.percentile !== null && `, ${result.percentile}th percentile`}
                    </span>
                    <ScoreBand score={result.score} low={result.bandLow} high={result.bandHigh} />
                  </td>
                  <td className="py-2">{skillLevelLabel(result.level)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {data?.history && data.history.length > 0 && (
        <section aria-labelledby="report-history" className="space-y-3">
          <h2 id="report-history" className="text-xl font-semibold text-slate-900">
            History
          </h2>
          <Suspense fallback={<p className="text-slate-700">Loading the chart…</p>}>
            <HistoryChart history={data.history} />
          </Suspense>
        </section>
      )}
      {data && !data.detailedReport && data.latest.length > 0 && (
        <p className="text-sm text-slate-700">Premium members also see percentiles and their history.</p>
      )}
      <Button onClick={() => window.print()} className="print:hidden">
        Print report
      </Button>
    </div>
  );
}
