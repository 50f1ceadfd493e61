import { useQuery } from '@tanstack/react-query';
import { conversationReportReasons, type ReportedConversation } from '@uplift/contracts';
import { useId } from 'react';
import { formatRecent, isoOf } from '../../../lib/format/dateTime.ts';
import { Button } from '../../../ui/Button.tsx';
import { LoadAlert } from '../../../ui/LoadAlert.tsx';
import { reportedConversationsQueryOptions, useCloseReported, useOpenReported } from '../api/moderation.ts';

const reasonLabel = (id: string) => conversationReportReasons.find((reason) => reason.id === id)?.label ?? id;

/**
 * The admin moderation page's reported conversations: who and why first. The messages are shown only when
 * the admin chooses to read them, and each reading is written to the audit log.
 */
export function ReportedConversations() {
  const headingId = useId();
  const list = useQuery(reportedConversationsQueryOptions);
  const items = list.data?.items ?? [];
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-xl font-semibold text-ink">
        Reported conversations
      </h2>
      <p className="text-sm text-ink-muted">
        Private messages open only while a member’s report is open, and every reading is audited.
      </p>
      <LoadAlert className="text-ink">
        {list.isError && 'Reported conversations could not be loaded.'}
      </LoadAlert>
      {list.isPending ? (
        <p className="text-ink-muted">Loading reported conversations…</p>
      ) : list.isError ? null : items.length === 0 ? (
        <p className="text-ink-muted">No reported conversations.</p>
      ) : (
        <ul className="space-y-3">
          {items.map((item) => (
            <li key={item.id}>
              <ReportedItem item={item} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ReportedItem({ item }: { item: ReportedConversation }) {
  const open = useOpenReported();
  const close = useCloseReported();
  const names = item.members.map((member) => member.displayName).join(' and ');
  const nameOf = (id: string | null) =>
    item.members.find((member) => member.id === id)?.displayName ?? 'Former member';
  return (
    <article
      aria-label={`Conversation between ${names}`}
      className="space-y-2 rounded-card border border-line bg-surface p-4"
    >
      <h3 className="font-semibold break-words text-ink">Conversation between {names}</h3>
      <ul className="space-y-1 text-sm text-ink">
        {item.reports.map((report) => (
          <li key={`${report.reporter}-${report.at}`}>
            {reasonLabel(report.reason)}, reported by {report.reporter}{' '}
            <time dateTime={isoOf(report.at)} className="text-ink-muted">
              {formatRecent(report.at)}
            </time>
            {report.note && <span className="block text-ink-muted">“{report.note}”</span>}
          </li>
        ))}
      </ul>
      {open.data ? (
        <ol aria-label={`Messages between ${names}`} className="space-y-1 border-t border-line pt-2 text-sm">
          {open.data.messages.map((message) => (
            <li key={message.id} className="break-words text-ink">
              <span className="font-semibold">{nameOf(message.senderId)}:</span> {message.body}
            </li>
          ))}
        </ol>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {!open.data && (
          <Button variant="secondary" size="sm" loading={open.isPending} onClick={() => open.mutate(item.id)}>
            Read conversation
          </Button>
        )}
        <Button variant="secondary" size="sm" loading={close.isPending} onClick={() => close.mutate(item.id)}>
          Close report
        </Button>
      </div>
      {(open.isError || close.isError) && (
        <p role="alert" className="text-sm font-medium text-danger">
          That did not go through. Try again.
        </p>
      )}
    </article>
  );
}
