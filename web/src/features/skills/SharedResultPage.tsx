import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { skillAreaLabel, skillLevelLabel, type SharedSkillResult } from '@uplift/contracts';
import { formatMoment } from '../../lib/format/dateTime.ts';
import { HttpError } from '../../lib/http/index.ts';
import { LoadAlert } from '../../ui/LoadAlert.tsx';
import { sharedResultQueryOptions } from './api/shares.ts';

const linkClass = 'inline-block min-h-11 py-2 font-medium text-brand-700 underline';

/**
 * /skills/shared/:id, open to anyone with the link (decision 0093): the skill, level, score band and
 * date of a result its member chose to share, and nothing else about them. A share stopped or never made
 * says so (the server answers the page with 404 too).
 */
export default function SharedResultPage() {
  const { id = '' } = useParams();
  const shared = useQuery(sharedResultQueryOptions(id));

  const gone = shared.error instanceof HttpError && shared.error.status === 404;
  // Loading, failed and loaded share one tree, so the alert is in the page from the first render and its
  // words arrive in it as one text (decision 0121): a reader says them once. A heading and a line beside
  // it were not said at all; a title and a line inside it were each more changes, said three times.
  // A later refetch that fails (a share stopped meanwhile) says so in the same alert and hides the result.
  return (
    <div className="space-y-4 py-4">
      <h1 className="text-sm font-medium text-brand-700">Shared result</h1>
      {shared.isPending && <p className="text-slate-700">Loading the shared result…</p>}
      <LoadAlert className="text-lg font-semibold text-slate-900">
        {shared.isError &&
          (gone
            ? 'This result is not shared. The link is wrong, or the member who shared it has stopped sharing it.'
            : 'The shared result could not be loaded. Please check your connection and try again.')}
      </LoadAlert>
      {shared.isSuccess && <SharedResult result={shared.data} />}
      {!shared.isPending && (
        <Link to="/skills-public" className={linkClass}>
          Discover your skills
        </Link>
      )}
    </div>
  );
}

function SharedResult({ result }: { result: SharedSkillResult }) {
  const skill = skillAreaLabel(result.skill);
  const level = skillLevelLabel(result.level);
  return (
    <article className="space-y-4">
      <h2 className="text-2xl font-bold tracking-tight text-slate-900">
        {skill}: {level}
      </h2>
      <p className="text-slate-700">An Uplift member&apos;s result, shared by them.</p>
      <div className="rounded-xl bg-white p-4 shadow-sm">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-900">
          <dt className="text-slate-700">Level</dt>
          <dd className="font-semibold">{level}</dd>
          <dt className="text-slate-700">Score band</dt>
          <dd className="font-semibold">
            {result.bandLow}–{result.bandHigh} of 300
          </dd>
          <dt className="text-slate-700">Assessed</dt>
          <dd className="font-semibold">
            <time dateTime={result.completedAt}>{formatMoment(result.completedAt, 'longDate')}</time>
          </dd>
        </dl>
      </div>
      <p className="text-slate-700">
        Measured by Uplift&apos;s adaptive assessment: the band is where the score likely lies (90 %).
      </p>
    </article>
  );
}
