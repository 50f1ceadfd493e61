import { messageLimits } from '@uplift/contracts';
import { useId, useState, type FormEvent } from 'react';
import { HttpError } from '../../../lib/http/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { inputClass } from '../../../ui/Field.tsx';
import { useSendMessage } from '../api/sendMessage.ts';

/** Writes a message; offline it is queued and shows as pending in the conversation. */
export function MessageComposer({
  userId,
  member,
}: {
  userId: string;
  member: { id: string; displayName: string };
}) {
  const fieldId = useId();
  const errorId = useId();
  const [body, setBody] = useState('');
  const send = useSendMessage(userId, member);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = body.trim();
    if (!text) return;
    send.mutate(text, { onSuccess: () => setBody('') });
  };
  const error =
    send.error instanceof HttpError
      ? send.error.statusMessage
      : send.error
        ? 'The message could not be sent.'
        : null;
  return (
    <form onSubmit={submit} className="space-y-2" aria-label={`Message ${member.displayName}`}>
      <label htmlFor={fieldId} className="block font-medium text-ink">
        Message {member.displayName}
      </label>
      <textarea
        id={fieldId}
        value={body}
        onChange={(event) => setBody(event.currentTarget.value)}
        maxLength={messageLimits.bodyMax}
        rows={3}
        aria-describedby={error ? errorId : undefined}
        aria-invalid={error ? true : undefined}
        className={`${inputClass} py-2`}
      />
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
      <Button type="submit" loading={send.isPending} disabled={!body.trim()}>
        Send
      </Button>
    </form>
  );
}
