import { useState } from 'react';
import { NotificationComposer } from './components/NotificationComposer.tsx';
import { NotificationHistory } from './components/NotificationHistory.tsx';
import { UndeliveredMail } from './components/UndeliveredMail.tsx';

/**
 * /admin/notifications (admin layout, which carries the admin navigation): compose, then the history, then
 * the email that could not be delivered.
 */
export default function AdminNotificationsPage() {
  const [message, setMessage] = useState('');
  return (
    <div className="space-y-4 py-4">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Notifications</h1>
      <NotificationComposer onSent={setMessage} />
      <p role="status" className="min-h-6 text-sm font-medium text-slate-900">
        {message}
      </p>
      <NotificationHistory onMessage={setMessage} />
      <UndeliveredMail onMessage={setMessage} />
    </div>
  );
}
