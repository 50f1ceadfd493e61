import {
  conversationReportReasons,
  type ConversationReportReason,
  type DirectConversation,
} from '@uplift/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../ui/Button.tsx';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { Select } from '../../../ui/Select.tsx';
import { useSetBlocked } from '../api/blocks.ts';
import { useReportConversation } from '../api/report.ts';

/** Block or unblock the other member, and report the conversation to the moderators. */
export function ConversationActions({
  userId,
  conversation,
}: {
  userId: string;
  conversation: DirectConversation;
}) {
  const { member } = conversation;
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [reason, setReason] = useState<ConversationReportReason>('harassment');
  const blocked = useSetBlocked(userId, member.id);
  const report = useReportConversation(userId, member.id);

  const submitReport = (event: FormEvent) => {
    event.preventDefault();
    report.mutate({ reason }, { onSuccess: () => setReporting(false) });
  };

  return (
    <div className="space-y-3 border-t border-line pt-3">
      <div className="flex flex-wrap gap-2">
        {conversation.blockedByMe ? (
          <Button
            variant="secondary"
            size="sm"
            loading={blocked.isPending}
            onClick={() => blocked.mutate(false)}
          >
            Unblock {member.displayName}
          </Button>
        ) : (
          <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
            Block {member.displayName}
          </Button>
        )}
        {conversation.id && !conversation.reported && !reporting && (
          <Button variant="secondary" size="sm" onClick={() => setReporting(true)}>
            Report conversation
          </Button>
        )}
      </div>
      {conversation.reported && (
        <p role="status" className="text-sm text-ink-muted">
          You reported this conversation. The moderators can now read it.
        </p>
      )}
      {reporting && (
        <form onSubmit={submitReport} aria-label="Report conversation" className="space-y-2">
          <p className="text-sm text-ink-muted">
            The moderators will be able to read this conversation while they look into it.
          </p>
          <Select
            label="Reason"
            value={reason}
            onValueChange={(value) => setReason(value as ConversationReportReason)}
            options={conversationReportReasons.map((entry) => ({ value: entry.id, label: entry.label }))}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" loading={report.isPending}>
              Send report
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setReporting(false)}>
              Cancel
            </Button>
          </div>
          {report.isError && (
            <p role="alert" className="text-sm font-medium text-danger">
              The report could not be sent. Try again.
            </p>
          )}
        </form>
      )}
      <ConfirmDialog
        open={confirming}
        title={`Block ${member.displayName}?`}
        confirmLabel={`Block ${member.displayName}`}
        tone="danger"
        busy={blocked.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => blocked.mutate(true, { onSuccess: () => setConfirming(false) })}
      >
        Neither of you will be able to message the other, and they won’t be able to mention you or see your
        activity. They aren’t told. You can unblock them here at any time.
      </ConfirmDialog>
    </div>
  );
}
