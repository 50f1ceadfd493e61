import { communityReportReasons, type ReportReason } from '@uplift/contracts';
import { useState, type FormEvent } from 'react';
import { useReport, type ReportTarget } from '../api/report.ts';

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
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="min-h-11 rounded-full px-3 text-sm font-medium text-slate-700 underline underline-offset-2"
      >
        Report {what}
      </button>
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
      <button
        type="submit"
        disabled={report.isPending}
        className="min-h-11 rounded-xl bg-slate-900 px-4 text-sm font-semibold text-white"
      >
        Send report
      </button>
      <button type="button" onClick={() => setOpen(false)} className="min-h-11 px-3 text-sm font-medium">
        Cancel
      </button>
      {report.isError && (
        <p role="alert" className="w-full text-sm text-red-800">
          The report could not be sent. Try again.
        </p>
      )}
    </form>
  );
}
