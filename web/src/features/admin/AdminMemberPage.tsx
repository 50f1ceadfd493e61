import { useQuery } from '@tanstack/react-query';
import { roleLabels } from '@uplift/contracts';
import { useState } from 'react';
import { useParams } from 'react-router';
import { formatMoment } from '../../lib/format/dateTime.ts';
import { BackLink } from '../../ui/BackLink.tsx';
import { LoadAlert } from '../../ui/LoadAlert.tsx';
import { memberStoryQueryOptions } from './api/getMemberStory.ts';
import { MemberStoryView } from './components/MemberStoryView.tsx';
import { UserActions } from './components/UserActions.tsx';
import { UserHistory } from './components/UserHistoryDialog.tsx';

/** /admin/users/:id: one member's whole story, with the actions the member list offers (issue 43.4). */
export default function AdminMemberPage() {
  const { id = '' } = useParams();
  const story = useQuery(memberStoryQueryOptions(id));
  const [message, setMessage] = useState('');
  const user = story.data?.user;
  return (
    <div className="space-y-4 py-4">
      <BackLink fallback={{ to: '/admin/users', label: 'the members' }} />
      <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900">
        {user?.displayName ?? 'Member'}
      </h1>
      <LoadAlert className="text-slate-700">{story.isError && story.error.message}</LoadAlert>
      {!story.data || !user ? (
        story.isError ? null : (
          <p role="status" className="text-slate-700">
            Loading…
          </p>
        )
      ) : (
        <>
          <section aria-label="Account" className="space-y-2">
            <p className="break-all text-slate-800">{user.email}</p>
            <p className="text-slate-800">
              {`${roleLabels[user.role]} · ${user.status === 'active' ? 'Active' : 'Suspended'} · joined ${formatMoment(user.joinedAt, 'date')} · ${
                user.lastActiveAt
                  ? `last active ${formatMoment(user.lastActiveAt, 'dateTime')}`
                  : 'never active'
              }`}
            </p>
            {user.suspendedAt ? (
              <p className="text-amber-900">
                {`Suspended ${formatMoment(user.suspendedAt, 'dateTime')}: ${story.data.suspendedReason ?? 'no reason given'}.`}
              </p>
            ) : null}
            <UserActions user={user} onMessage={setMessage} withHistory={false} />
            <p role="status" className="text-sm text-slate-800">
              {message}
            </p>
          </section>
          <MemberStoryView story={story.data} />
          <section
            aria-labelledby="story-audit"
            className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4"
          >
            <h2 id="story-audit" className="text-lg font-semibold text-slate-900">
              What admins did
            </h2>
            <UserHistory userId={user.id} />
          </section>
        </>
      )}
    </div>
  );
}
