import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { skillAreaLabel, skillLevelLabel, type SkillResult } from '@uplift/contracts';
import { appPageUrl, HttpError } from '../../../lib/http/index.ts';
import { shareLink } from '../../../lib/native/share.ts';
import { Button } from '../../../ui/Button.tsx';
import { sharesQueryOptions, useShareActions } from '../api/shares.ts';

const outcomeMessage = {
  shared: 'Shared.',
  copied: 'Link copied: paste it wherever you like.',
  cancelled: '',
} as const;

/**
 * Sharing one skill's latest result (decision 0093): published only when the member asks, on a public
 * page showing the skill, level, score band and date, never their name; "Stop sharing" takes it down.
 */
export function ShareResult({ userId, result }: { userId: string; result: SkillResult }) {
  const shares = useQuery(sharesQueryOptions(userId));
  const { share, stop } = useShareActions(userId);
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const skill = skillAreaLabel(result.skill);
  const ofSkill = shares.data?.shares.find((candidate) => candidate.skill === result.skill);
  const current = ofSkill?.completedAt === result.completedAt ? ofSkill : undefined;
  // Shared before a retake: the page still shows the earlier result until the member shares this one.
  const earlier = ofSkill && !current ? ofSkill : undefined;
  const busy = share.isPending || stop.isPending;
  const failed = (cause: unknown, fallback: string) =>
    setError(cause instanceof HttpError ? cause.statusMessage : fallback);

  function publish() {
    setError('');
    setMessage('');
    share.mutate(result.skill, {
      onSuccess: () => setMessage('Your result is public at its own link.'),
      onError: (cause) => failed(cause, 'Your result could not be shared: it needs a connection.'),
    });
  }

  async function send(path: string) {
    setError('');
    try {
      const outcome = await shareLink({
        title: `${skill}: ${skillLevelLabel(result.level)}`,
        text: `My ${skill} result on Uplift: ${skillLevelLabel(result.level)}.`,
        url: appPageUrl(path),
      });
      setMessage(outcomeMessage[outcome]);
    } catch {
      setError('The link could not be shared or copied.');
    }
  }

  function unpublish(id: string) {
    setError('');
    stop.mutate(id, {
      onSuccess: () => setMessage('Sharing stopped: the link no longer works.'),
      onError: (cause) => failed(cause, 'Sharing could not be stopped: it needs a connection.'),
    });
  }

  if (shares.isPending || shares.isError) return null;
  return (
    <div className="space-y-2 border-t border-slate-200 pt-3">
      {current ? (
        <>
          <p className="text-sm text-slate-700">
            Public: anyone with the{' '}
            <Link to={current.path} className="text-brand-700 underline">
              link to your {skill} result
            </Link>{' '}
            sees the skill, level, score band and date, and nothing else about you.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => void send(current.path)} disabled={busy}>
              Share
            </Button>
            <Button size="sm" variant="secondary" onClick={() => unpublish(current.id)} disabled={busy}>
              Stop sharing
            </Button>
          </div>
        </>
      ) : earlier ? (
        <>
          <p className="text-sm text-slate-700">
            Your{' '}
            <Link to={earlier.path} className="text-brand-700 underline">
              earlier {skill} result
            </Link>{' '}
            is public. Share this one at the same link instead, or stop sharing.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" onClick={publish} disabled={busy}>
              Share this result instead
            </Button>
            <Button size="sm" variant="secondary" onClick={() => unpublish(earlier.id)} disabled={busy}>
              Stop sharing
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            Share makes a public page with this skill, level, score band and date: not your name, score or
            answers. You can stop sharing at any time.
          </p>
          <Button size="sm" variant="secondary" onClick={publish} disabled={busy}>
            Share my result
          </Button>
        </>
      )}
      <p role="status" className="text-sm text-slate-700">
        {message}
      </p>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
