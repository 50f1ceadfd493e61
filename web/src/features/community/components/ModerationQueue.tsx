import { useQuery } from '@tanstack/react-query';
import { communityReportReasons, type ModerationDecision, type ModerationItem } from '@uplift/contracts';
import { useState } from 'react';
import { LoadAlert } from '../../../ui/LoadAlert.tsx';
import { useUndoWindow } from '../../../ui/undoWindow.ts';
import { moderationQueryOptions, useModerate } from '../api/moderation.ts';
import { AuthorLine } from './AuthorLine.tsx';
import { PostBody } from './PostBody.tsx';
import { Button } from '../../../ui/Button.tsx';

const reasonLabel = new Map<string, string>(communityReportReasons.map((entry) => [entry.id, entry.label]));

function Decisions({ item }: { item: ModerationItem }) {
  const moderate = useModerate();
  const undoable = useUndoWindow();
  const [hiding, setHiding] = useState(false);
  const what = item.commentId ? 'comment' : 'post';
  const send = (decision: ModerationDecision, onSettled?: () => void) =>
    moderate.mutate({ postId: item.postId, commentId: item.commentId ?? undefined, decision }, { onSettled });
  // Hiding takes content away from everyone: it waits for the undo window (decision 0056).
  const decide = (decision: ModerationDecision) => {
    if (decision !== 'hide') return send(decision);
    setHiding(true);
    undoable({
      message: `The ${what} will be hidden from everyone but its author.`,
      apply: () => send('hide', () => setHiding(false)),
      onUndo: () => setHiding(false),
    });
  };
  const buttons: { decision: ModerationDecision; label: string }[] = [
    item.hidden
      ? { decision: 'restore', label: `Restore ${what}` }
      : { decision: 'hide', label: `Hide ${what}` },
    { decision: 'dismiss', label: 'Dismiss reports' },
  ];
  return (
    <div className="flex flex-wrap gap-2">
      {buttons.map((button, index) => (
        <Button
          variant={index === 0 ? 'primary' : 'secondary'}
          size="sm"
          key={button.decision}
          disabled={moderate.isPending || hiding}
          onClick={() => decide(button.decision)}
        >
          {button.label}
        </Button>
      ))}
      {moderate.isError && (
        <p role="alert" className="w-full text-sm text-red-800">
          The decision could not be saved. Try again.
        </p>
      )}
    </div>
  );
}

/** The admin moderation queue: reported content, its reports, and hide / restore / dismiss. */
export function ModerationQueue() {
  const queue = useQuery(moderationQueryOptions());
  const failure = (
    <LoadAlert className="text-slate-700">{queue.isError && 'The queue could not be loaded.'}</LoadAlert>
  );
  if (!queue.data) {
    return (
      <>
        {failure}
        {queue.isError ? null : (
          <p role="status" className="text-slate-700">
            Loading the queue…
          </p>
        )}
      </>
    );
  }
  if (queue.data.items.length === 0)
    return <p className="text-slate-700">Nothing is waiting for a decision.</p>;
  return (
    <ul className="space-y-3">
      {queue.data.items.map((item) => (
        <li key={`${item.postId}:${item.commentId ?? ''}`}>
          <article
            aria-label={`Reported ${item.commentId ? 'comment' : 'post'} by ${item.author.name}`}
            className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4"
          >
            <AuthorLine
              author={item.author}
              at={item.createdAt}
              extra={`${item.commentId ? 'Comment' : 'Post'}${item.hidden ? (item.pendingReview ? ' · hidden pending review' : ' · hidden') : ''}`}
            />
            <PostBody text={item.body} />
            <ul aria-label="Reports" className="space-y-1 text-sm text-slate-800">
              {item.reports.map((report) => (
                <li key={`${report.reporter}:${report.at}`}>
                  <strong>{reasonLabel.get(report.reason) ?? report.reason}</strong> from {report.reporter}
                  {report.note ? `: ${report.note}` : ''}
                </li>
              ))}
            </ul>
            <Decisions item={item} />
          </article>
        </li>
      ))}
    </ul>
  );
}
