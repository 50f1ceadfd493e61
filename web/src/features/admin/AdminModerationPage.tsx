import { ModerationQueue } from '../community/index.ts';
import { ReportedConversations } from '../messages/index.ts';

export default function AdminModerationPage() {
  return (
    <div className="space-y-4 py-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Moderation</h1>
      <p className="text-slate-700">
        Reported posts and comments. Hiding tells the author; every decision is audited.
      </p>
      <ModerationQueue />
      <ReportedConversations />
    </div>
  );
}
