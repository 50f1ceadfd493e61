import { useState } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { useUndoWindow } from '../../../ui/undoWindow.ts';
import { Button } from '../../../ui/Button.tsx';

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
  /** What unpublishing hides from members, said in its confirmation. */
  unpublishWarning?: string;
}

/**
 * Edit, publish or unpublish, and delete for one video or partner card. Unpublishing is confirmed and then
 * waits in an undo window; deleting is confirmed (it cannot be undone).
 */
export function ContentActions({
  name,
  published,
  busy,
  onEdit,
  onPublish,
  onDelete,
  deleteWarning,
  unpublishWarning = 'Members stop seeing it at once.',
}: ContentActionsProps) {
  const [confirming, setConfirming] = useState<'delete' | 'unpublish' | null>(null);
  const [unpublishing, setUnpublishing] = useState(false);
  const undoable = useUndoWindow();
  const blocked = busy || unpublishing;

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="secondary" size="sm" onClick={onEdit}>
        Edit<span className="sr-only">{` ${name}`}</span>
      </Button>
      <Button
        variant="secondary"
        size="sm"
        disabled={blocked}
        onClick={() => (published ? setConfirming('unpublish') : onPublish(true))}
      >
        {unpublishing ? 'Unpublishing…' : published ? 'Unpublish' : 'Publish'}
        <span className="sr-only">{` ${name}`}</span>
      </Button>
      <Button variant="danger" size="sm" disabled={blocked} onClick={() => setConfirming('delete')}>
        Delete<span className="sr-only">{` ${name}`}</span>
      </Button>
      <ConfirmDialog
        open={confirming === 'unpublish'}
        title={`Unpublish ${name}?`}
        confirmLabel={`Yes, unpublish ${name}`}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          setConfirming(null);
          setUnpublishing(true);
          undoable({
            message: `${name} will be unpublished.`,
            apply: () => {
              setUnpublishing(false);
              onPublish(false);
            },
            onUndo: () => setUnpublishing(false),
          });
        }}
      >
        <p>{unpublishWarning}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === 'delete'}
        title={`Delete ${name} for good?`}
        confirmLabel={`Yes, delete ${name}`}
        tone="danger"
        busy={busy}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          onDelete();
          setConfirming(null);
        }}
      >
        <p>{`${deleteWarning} This cannot be undone.`}</p>
      </ConfirmDialog>
    </div>
  );
}
