import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { formatMoment } from '../../../lib/format/dateTime.ts';
import { sessionsQueryOptions, useSignOutDevice } from '../api/sessions.ts';
import { deviceName } from './deviceName.ts';
import { Button } from '../../../ui/Button.tsx';
import { LoadAlert } from '../../../ui/LoadAlert.tsx';

/** The devices signed in to the account; any of them can be signed out from here. */
export function DevicesSection({ userId }: { userId: string }) {
  const headingId = useId();
  const sessions = useQuery(sessionsQueryOptions(userId));
  const signOut = useSignOutDevice(userId);
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Signed-in devices
      </h2>
      <LoadAlert className="text-slate-700">
        {!sessions.data && sessions.isError && 'The devices could not be loaded.'}
      </LoadAlert>
      {sessions.data ? (
        <ul className="divide-y divide-slate-200">
          {sessions.data.items.map((session) => (
            <li key={session.id} className="flex items-center justify-between gap-2 py-2">
              <span className="min-w-0">
                <span className="block font-medium text-slate-900">
                  {deviceName(session.userAgent)}
                  {session.current && ' (this device)'}
                </span>
                <span className="block text-sm text-slate-700">
                  Last active {formatMoment(session.lastUsedAt, 'dateTime')}
                </span>
              </span>
              {!session.current && (
                <Button
                  variant="secondary"
                  className="shrink-0"
                  aria-label={`Sign out ${deviceName(session.userAgent)}, last active ${formatMoment(session.lastUsedAt, 'dateTime')}`}
                  onClick={() => signOut.mutate(session.id)}
                >
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : sessions.isError ? null : (
        <p role="status" className="text-slate-700">
          Loading devices…
        </p>
      )}
    </section>
  );
}
