import { useState } from 'react';

const button =
  'inline-flex min-h-11 items-center justify-center rounded-lg border px-3 text-sm font-medium disabled:opacity-60';

interface ContentActionsProps {
  /** The item's name, for the buttons' accessible names ("Edit Harbour Lights"). */
  name: string;
  published: boolean;
  busy: boolean;
  onEdit: () => void;
  onPublish: (published: boolean) => void;
  onDelete: () => void;
  /** What deleting also removes, said in the confirmation. */
  deleteWarning: string;
}

/** Edit, publish or unpublish, and delete (after a confirmation) for one video or partner card. */
export function ContentActions({
  name,
  published,
  busy,
  onEdit,
  onPublish,
  onDelete,
  deleteWarning,
}: ContentActionsProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button type="button" onClick={onEdit} className={`${button} border-slate-400 text-slate-900`}>
        Edit<span className="sr-only">{` ${name}`}</span>
      </button>
      <button
        type="button"
        disabled={busy}
        onClick={() => onPublish(!published)}
        className={`${button} border-brand-700 text-brand-800`}
      >
        {published ? 'Unpublish' : 'Publish'}
        <span className="sr-only">{` ${name}`}</span>
      </button>
      {confirming ? (
        <span
          role="group"
          aria-label={`Confirm deleting ${name}`}
          className="flex flex-wrap items-center gap-2"
        >
          <span className="text-sm text-slate-800">{`Delete for good? ${deleteWarning}`}</span>
          <button
            type="button"
            disabled={busy}
            onClick={() => {
              onDelete();
              setConfirming(false);
            }}
            className={`${button} border-red-700 bg-red-700 text-white`}
          >
            Yes, delete<span className="sr-only">{` ${name}`}</span>
          </button>
          <button type="button" onClick={() => setConfirming(false)} className={`${button} border-slate-300`}>
            Cancel
          </button>
        </span>
      ) : (
        <button
          type="button"
          disabled={busy}
          onClick={() => setConfirming(true)}
          className={`${button} border-red-700 text-red-800`}
        >
          Delete<span className="sr-only">{` ${name}`}</span>
        </button>
      )}
    </div>
  );
}
