import {
  inAppLinkSchema,
  notificationLimits,
  roleGroupLabels,
  roles,
  type NotificationAudience,
  type Recipient,
  type Role,
} from '@uplift/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { formatMoment } from '../../../lib/format/dateTime.ts';
import { HttpError } from '../../../lib/http/index.ts';
import { audienceSizeQueryOptions, useComposeNotification } from '../api/notifications.ts';
import { NotificationPreview } from './NotificationPreview.tsx';
import { RecipientPicker } from './RecipientPicker.tsx';
import { Button } from '../../../ui/Button.tsx';

type Target = NotificationAudience['type'];

const field = 'mt-1 block min-h-11 w-full rounded-lg border border-slate-300 px-3';
const radio = 'inline-flex min-h-11 items-center gap-2 text-sm';

/** Said for any link that is not a path inside the app: what is wrong, and what would do. */
export const linkProblem =
  'Use a path inside the app that starts with one /, such as /partners or /community/posts/… — a web address (https://…) is not allowed, so a notification never sends a member off Uplift.';

/** The link's problem, or null: the contract's own rule, so the form and the server agree. */
function checkLink(link: string): string | null {
  return link.trim() === '' || inAppLinkSchema.safeParse(link).success ? null : linkProblem;
}

/** Compose a notification: what it says, where it leads, who gets it, and when. The server validates all. */
export function NotificationComposer({ onSent }: { onSent: (message: string) => void }) {
  const compose = useComposeNotification();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [link, setLink] = useState('');
  const [target, setTarget] = useState<Target>('everyone');
  const [role, setRole] = useState<Role>('member-tier-1');
  const [chosen, setChosen] = useState<Recipient[]>([]);
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [at, setAt] = useState('');
  // The link's problem shows once the admin leaves the field or tries to send, not while they type.
  const [linkChecked, setLinkChecked] = useState(false);
  const linkErrorId = useId();
  const linkField = useRef<HTMLInputElement>(null);

  function audience(): NotificationAudience {
    if (target === 'role') return { type: 'role', role };
    if (target === 'members') return { type: 'members', userIds: chosen.map((member) => member.id) };
    return { type: 'everyone' };
  }

  const reach = useQuery({ ...audienceSizeQueryOptions(audience()), placeholderData: keepPreviousData });

  function submit(event: FormEvent) {
    event.preventDefault();
    setLinkChecked(true);
    if (checkLink(link)) {
      // The keyboard goes where the fix goes; the problem itself is announced by its alert.
      linkField.current?.focus();
      return;
    }
    compose.mutate(
      {
        title,
        body,
        link: link.trim() || null,
        audience: audience(),
        // datetime-local is the admin's local time; the server gets an exact moment.
        scheduledFor: when === 'later' && at ? new Date(at).toISOString() : null,
      },
      {
        onSuccess: (sent) => {
          setTitle('');
          setBody('');
          setLink('');
          setLinkChecked(false);
          setChosen([]);
          onSent(
            sent.status === 'scheduled' && sent.scheduledFor
              ? `Scheduled "${sent.title}" for ${formatMoment(sent.scheduledFor, 'dateTime')}.`
              : `Sent "${sent.title}" to ${sent.counts.targeted === 1 ? '1 member' : `${sent.counts.targeted} members`}.`,
          );
        },
      },
    );
  }

  // The server checks the link too (the same rule): its word about the link goes by the field.
  const serverLinkIssue =
    compose.error instanceof HttpError && compose.error.issues.some((issue) => issue.path === 'body.link');
  const linkError = (linkChecked ? checkLink(link) : null) ?? (serverLinkIssue ? linkProblem : null);
  const error = serverLinkIssue
    ? null
    : compose.error instanceof HttpError
      ? (compose.error.serverMessage ?? compose.error.statusMessage)
      : compose.error
        ? 'The notification could not be sent: it needs a connection.'
        : null;

  return (
    <form onSubmit={submit} className="space-y-3 rounded-xl border border-slate-200 p-3" aria-label="Compose">
      <h2 className="text-lg font-semibold text-slate-900">Compose</h2>
      <label className="block text-sm">
        <span className="text-slate-800">Title</span>
        <input
          required
          maxLength={notificationLimits.titleMax}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          className={field}
        />
      </label>
      <label className="block text-sm">
        <span className="text-slate-800">Message</span>
        <textarea
          required
          maxLength={notificationLimits.bodyMax}
          rows={3}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          className={`${field} py-2`}
        />
      </label>
      <label className="block text-sm">
        <span className="text-slate-800">Deep link (a path in the app, optional)</span>
        <input
          ref={linkField}
          value={link}
          maxLength={notificationLimits.linkMax}
          placeholder="/partners"
          onChange={(e) => setLink(e.target.value)}
          onBlur={() => setLinkChecked(true)}
          aria-invalid={linkError ? true : undefined}
          aria-describedby={linkError ? linkErrorId : undefined}
          className={`${field} ${linkError ? 'border-red-700' : ''}`}
        />
      </label>
      {/* Alert regions in the page from the start: a screen reader announces what arrives in them, at
          once and once, and may miss one that is inserted already holding its words. */}
      <p id={linkErrorId} role="alert" className="text-sm font-medium break-words text-red-800 empty:hidden">
        {linkError}
      </p>
      <NotificationPreview
        title={title}
        body={body}
        link={link.trim() && !checkLink(link) ? link.trim() : null}
      />
      <fieldset>
        <legend className="text-sm font-medium text-slate-900">Send to</legend>
        <div className="flex flex-wrap gap-x-4">
          {(
            [
              ['everyone', 'Everyone'],
              ['role', 'A role or tier'],
              ['members', 'Chosen members'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className={radio}>
              <input
                type="radio"
                name="target"
                checked={target === value}
                onChange={() => setTarget(value)}
                className="size-5"
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {target === 'role' && (
        <label className="block text-sm">
          <span className="text-slate-800">Role or tier</span>
          <select
            value={role}
            onChange={(e) => setRole(e.target.value as Role)}
            className={`${field} bg-white`}
          >
            {roles.map((value) => (
              <option key={value} value={value}>
                {roleGroupLabels[value]}
              </option>
            ))}
          </select>
        </label>
      )}
      {target === 'members' && <RecipientPicker chosen={chosen} onChange={setChosen} />}
      <fieldset>
        <legend className="text-sm font-medium text-slate-900">When</legend>
        <div className="flex flex-wrap gap-x-4">
          <label className={radio}>
            <input
              type="radio"
              name="when"
              checked={when === 'now'}
              onChange={() => setWhen('now')}
              className="size-5"
            />
            Send now
          </label>
          <label className={radio}>
            <input
              type="radio"
              name="when"
              checked={when === 'later'}
              onChange={() => setWhen('later')}
              className="size-5"
            />
            Schedule
          </label>
        </div>
      </fieldset>
      {when === 'later' && (
        <label className="block text-sm">
          <span className="text-slate-800">Send at</span>
          <input
            type="datetime-local"
            required
            value={at}
            onChange={(e) => setAt(e.target.value)}
            className={field}
          />
        </label>
      )}
      <AudienceReach
        targeted={target === 'members' && chosen.length === 0 ? 0 : reach.data?.targeted}
        failed={reach.isError}
      />
      <p role="alert" className="text-sm font-medium text-red-800 empty:hidden">
        {error}
      </p>
      <Button type="submit" disabled={compose.isPending || (target === 'members' && chosen.length === 0)}>
        {when === 'later' ? 'Schedule notification' : 'Send notification'}
      </Button>
    </form>
  );
}

/** The reach of the send as targeted now, announced politely as it changes. */
function AudienceReach({ targeted, failed }: { targeted: number | undefined; failed: boolean }) {
  const text = failed
    ? 'The number of members this reaches could not be counted.'
    : targeted === undefined
      ? 'Counting who this reaches…'
      : targeted === 0
        ? 'This reaches nobody yet.'
        : `This reaches ${targeted === 1 ? '1 member' : `${targeted} members`}.`;
  return (
    <p role="status" className="text-sm font-medium text-slate-900">
      {text}
    </p>
  );
}
