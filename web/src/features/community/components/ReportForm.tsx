import { communityReportReasons, type ReportReason } from '@uplift/contracts';
import { useState, type FormEvent } from 'react';
import { useReport, type ReportTarget } from '../api/report.ts';
import { Button } from '../../../ui/Button.tsx';

/** "Report" opens a reason picker; the moderators see the report in their queue. */
export function ReportForm({ target, what }: { target: ReportTarget; what: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason>('spam');
  const report = useReport();

  if (report.isSuccess) {
    return (
      <p role="status" className="text-sm text-slate-700">
        Thanks, the moderators will look at this {what}.
      </p>
    );
  }
  if (!open) {
    return (
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        Report {what}
      </Button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    report.mutate({ ...target, reason });
  };
  return (
    <form onSubmit={submit} aria-label={`Report ${what}`} className="flex flex-wrap items-end gap-2">
      <label className="text-sm font-medium text-slate-900">
        Reason
        <select
          value={reason}
          onChange={(event) => setReason(event.target.value as ReportReason)}
          className="mt-1 block min-h-11 rounded-xl border border-slate-300 bg-white px-3 text-base"
        >
          {communityReportReasons.map((entry) => (
            <option key={entry.id} value={entry.id}>
              {entry.label}
            </option>
          ))}
        </select>
      </label>
      <Button size="sm" type="submit" disabled={report.isPending}>
        Send report
      </Button>
      <Button variant="secondary" size="sm" onClick={() => setOpen(false)}>
        Cancel
      </Button>
      {report.isError && (
        <p role="alert" className="w-full text-sm text-red-800">
          The report could not be sent. Try again.
        </p>
      )}
    </form>
  );
}
