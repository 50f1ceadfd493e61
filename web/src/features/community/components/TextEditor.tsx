import { useState, type FormEvent } from 'react';
import { Button } from '../../../ui/Button.tsx';

/** Inline editing of one's own text: Save or Cancel. */
export function TextEditor({
  label,
  initial,
  maxLength,
  busy,
  onSave,
  onCancel,
}: {
  label: string;
  initial: string;
  maxLength: number;
  busy: boolean;
  onSave: (text: string) => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) onSave(text.trim());
  };
  return (
    <form onSubmit={submit} className="space-y-2">
      <label className="block text-sm font-medium text-slate-900">
        {label}
        <textarea
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={maxLength}
          rows={3}
          className="mt-1 block w-full rounded-xl border border-slate-300 bg-white p-3 text-base"
        />
      </label>
      <div className="flex gap-2">
        <Button type="submit" disabled={busy || !text.trim()}>
          Save
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
