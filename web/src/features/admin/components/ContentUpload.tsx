import { useId, useRef, useState } from 'react';
import { withUploadProgress } from '../../../lib/loading/trackedWork.ts';
import { uploadErrorOf } from './contentErrors.ts';

type State =
  | { step: 'idle' }
  | { step: 'uploading'; progress: number }
  | { step: 'done' }
  | { step: 'failed'; message: string };

interface ContentUploadProps {
  label: string;
  /** What is there now ("The seeded file is kept", "Uploaded: talk.mp4"). */
  current: string;
  accept: string;
  hint: string;
  /** The server's message about this field after a save (e.g. an upload that has gone). */
  error?: string | undefined;
  upload: (file: File, onProgress: (fraction: number) => void, signal: AbortSignal) => Promise<void>;
  onBusyChange?: (busy: boolean) => void;
}

/**
 * A file chosen is uploaded at once, with a progress bar (XMLHttpRequest reports the bytes sent), so the
 * admin can keep typing; the server checks the file from its bytes and says why it refuses one.
 */
export function ContentUpload({
  label,
  current,
  accept,
  hint,
  error,
  upload,
  onBusyChange,
}: ContentUploadProps) {
  const id = useId();
  const [state, setState] = useState<State>({ step: 'idle' });
  const abortRef = useRef<AbortController | null>(null);

  async function start(file: File) {
    abortRef.current?.abort();
    const controller = new AbortController();
    abortRef.current = controller;
    setState({ step: 'uploading', progress: 0 });
    onBusyChange?.(true);
    try {
      // On the loading overlay with its bytes (issue 44.18); its Cancel stops the upload.
      await withUploadProgress(
        `Uploading ${label.toLowerCase()}...`,
        (report) =>
          upload(
            file,
            (progress) => {
              report(progress);
              setState({ step: 'uploading', progress });
            },
            controller.signal,
          ),
        {
          cancel: () => {
            controller.abort();
            setState({ step: 'idle' });
          },
        },
      );
      setState({ step: 'done' });
    } catch (failure) {
      if (controller.signal.aborted) return;
      setState({ step: 'failed', message: uploadErrorOf(failure) });
    } finally {
      if (abortRef.current === controller) onBusyChange?.(false);
    }
  }

  const message = state.step === 'failed' ? state.message : error;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block font-medium text-slate-900">
        {label}
      </label>
      <p id={`${id}-hint`} className="text-sm text-slate-700">
        {hint}
      </p>
      <p id={`${id}-current`} className="text-sm text-slate-800">
        {current}
      </p>
      <input
        id={id}
        type="file"
        accept={accept}
        aria-describedby={`${id}-hint ${id}-current${message ? ` ${id}-error` : ''}`}
        aria-invalid={message ? true : undefined}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void start(file);
        }}
        className="block min-h-11 w-full text-base text-slate-900 file:mr-3 file:min-h-11 file:rounded-xl file:border-0 file:bg-slate-100 file:px-4 file:font-semibold file:text-slate-900"
      />
      {state.step === 'uploading' && (
        <label className="block text-sm text-slate-800">
          {`Uploading ${label.toLowerCase()}`}
          <progress className="block w-full" max={100} value={Math.round(state.progress * 100)} />
        </label>
      )}
      <p role="status" className="text-sm text-slate-800">
        {state.step === 'done' ? `${label}: uploaded and checked.` : ''}
      </p>
      {message && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {message}
        </p>
      )}
    </div>
  );
}
