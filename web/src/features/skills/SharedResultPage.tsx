import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { skillAreaLabel, skillLevelLabel } from '@uplift/contracts';
import { formatMoment } from '../../lib/format/dateTime.ts';
import { HttpError } from '../../lib/http/index.ts';
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

  const heading = <h1 className="text-sm font-medium text-brand-700">Shared result</h1>;
  if (shared.isPending) {
    return (
      <div className="space-y-3 py-4">
        {heading}
        <p className="text-slate-700">Loading the shared result…</p>
      </div>
    );
  }
  if (shared.isError) {
    const gone = shared.error instanceof HttpError && shared.error.status === 404;
    return (
      <div className="space-y-3 py-4">
        {heading}
        <h2 className="text-2xl font-bold tracking-tight text-slate-900">
          {gone ? 'This result is not shared' : 'The shared result could not be loaded'}
        </h2>
        <p className="text-slate-700">
          {gone
            ? 'The link is wrong, or the member who shared it has stopped sharing it.'
            : 'Please check your connection and try again.'}
        </p>
        <Link to="/skills-public" className={linkClass}>
          Discover your skills
        </Link>
      </div>
    );
  }

  const result = shared.data;
  const skill = skillAreaLabel(result.skill);
  const level = skillLevelLabel(result.level);
  return (
    <article className="space-y-4 py-4">
      {heading}
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
      <Link to="/skills-public" className={linkClass}>
        Discover your skills
      </Link>
    </article>
  );
}
