import { useId, useState } from 'react';
import { HttpError } from '../../../lib/http/index.ts';
import { useCurrentUser } from '../hooks.ts';
import { Button } from '../../../ui/Button.tsx';

/**
 * Until a member follows the link mailed to their address, says why it matters, with "Email me the link again"
 * (issue 47.3). The app works as it does for everyone else meanwhile.
 */
export function VerifyEmailBanner() {
  const user = useCurrentUser();
  const headingId = useId();
  const [pending, setPending] = useState(false);
  const [status, setStatus] = useState('');
  if (user?.emailVerified !== false) return null;

  async function sendAgain() {
    if (pending) return;
    setPending(true);
    setStatus('');
    try {
      // Loaded on use, with the schema that checks the answer: the first screen loads no zod.
      const { resendVerification } = await import('../api/emailVerification.ts');
      setStatus((await resendVerification()).message);
    } catch (error) {
      setStatus(
        error instanceof HttpError && error.serverMessage
          ? error.serverMessage
          : 'We could not send the link. Try again in a moment.',
      );
    } finally {
      setPending(false);
    }
  }

  return (
    <section
      aria-labelledby={headingId}
      className="mt-4 space-y-2 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <p id={headingId} className="font-semibold">
        Confirm your email address
      </p>
      <p>
        We sent a link to <span className="break-all font-medium">{user.email}</span>. Once you follow it, you
        can get back in if you forget your password, and we can email you the notifications you choose.
      </p>
      <Button variant="secondary" onClick={() => void sendAgain()} disabled={pending}>
        Email me the link again
      </Button>
      <p role="status" className="text-sm">
        {status}
      </p>
    </section>
  );
}
