import { useId, useState, type FormEvent } from 'react';
import {
  partnerConnectConflictSchema,
  partnerConsentRequiredMessage,
  partnerContactChannelLabels,
  offeredContactChannels,
  partnerMessageMaxLength,
  type Partner,
} from '@uplift/contracts';
import { HttpError } from '../../../lib/http/index.ts';
import { toast } from '../../../lib/toasts/toastStore.ts';
import { Sheet } from '../../../ui/Sheet.tsx';
import { useConnectPartner } from '../api/connectPartner.ts';
import { Button } from '../../../ui/Button.tsx';

interface ConnectDialogProps {
  partner: Partner;
  userId: string;
  open: boolean;
  onClose: () => void;
  /** The request went, or waits in the queue to go; the dialog closes right after. */
  onSent: () => void;
}

/** The partner connect modal: message, preferred contact, consent, "Send request" (queued when offline). */
export function ConnectDialog({ partner, userId, open, onClose, onSent }: ConnectDialogProps) {
  const [message, setMessage] = useState('');
  const [contact, setContact] = useState<(typeof offeredContactChannels)[number]>('email');
  const [consent, setConsent] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const connect = useConnectPartner(userId);
  const problemId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!message.trim()) return setProblem('Write a short message to the partner.');
    if (!consent) return setProblem(partnerConsentRequiredMessage);
    setProblem(null);
    try {
      const result = await connect.mutateAsync({
        partner,
        body: { message: message.trim(), preferredContact: contact, consentToShareProfile: true },
      });
      // Queued: the offline queue has said "Saved for Later" already.
      if (result.status === 'sent')
        toast.success(`Your request to ${partner.name} was sent.`, { title: 'Request sent' });
      setMessage('');
      setConsent(false);
      onSent();
      onClose();
    } catch (error) {
      const conflict = error instanceof HttpError ? partnerConnectConflictSchema.safeParse(error.data) : null;
      if (conflict?.success) {
        toast.info(conflict.data.error.message, { title: 'Already requested' });
        onClose();
        return;
      }
      setProblem(error instanceof Error ? error.message : 'The request could not be sent. Try again.');
    }
  }

  return (
    <Sheet open={open} onClose={onClose} title={`Connect with ${partner.name}`}>
      <form onSubmit={(event) => void submit(event)} noValidate className="mt-4 space-y-4 pb-4">
        <label className="block space-y-1">
          <span className="font-medium text-slate-900">Message</span>
          <textarea
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            maxLength={partnerMessageMaxLength}
            rows={4}
            required
            aria-describedby={problem ? problemId : undefined}
            className="w-full rounded-xl border border-slate-300 p-3 text-base text-slate-900"
          />
        </label>
        <fieldset className="space-y-1">
          <legend className="font-medium text-slate-900">Preferred contact</legend>
          <div className="flex flex-wrap gap-x-4">
            {offeredContactChannels.map((channel) => (
              <label key={channel} className="inline-flex min-h-11 items-center gap-2 text-slate-900">
                <input
                  type="radio"
                  name="preferred-contact"
                  value={channel}
                  checked={contact === channel}
                  onChange={() => setContact(channel)}
                  className="size-5"
                />
                {partnerContactChannelLabels[channel]}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="flex min-h-11 items-start gap-3 text-slate-900">
          <input
            type="checkbox"
            checked={consent}
            onChange={(event) => setConsent(event.target.checked)}
            className="mt-1 size-5 shrink-0"
          />
          <span>Share my profile with {partner.name} so they can get back to me</span>
        </label>
        {/* In the page before there is anything to say: a screen reader announces an alert region's
            change, and may miss one that arrives already holding the problem. */}
        <p id={problemId} role="alert" className="text-rose-800 empty:hidden">
          {problem}
        </p>
        <div className="flex gap-3">
          <Button type="submit" disabled={connect.isPending} className="flex-1">
            Send request
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </Sheet>
  );
}
