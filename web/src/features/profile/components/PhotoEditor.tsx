import { profileUploadLimits } from '@uplift/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { HttpError } from '../../../lib/http/index.ts';
import { withUploadProgress } from '../../../lib/loading/trackedWork.ts';
import {
  hasNativeCamera,
  PhotoCancelledError,
  takePhoto,
  type PhotoSource,
} from '../../../lib/native/camera.ts';
import { verifySession } from '../../auth/index.ts';
import { profileKeys } from '../api/keys.ts';
import { removePhoto } from '../api/removePhoto.ts';
import { uploadPhoto } from '../api/uploadPhoto.ts';
import { Button } from '../../../ui/Button.tsx';

type State =
  | { step: 'idle' }
  | { step: 'uploading'; progress: number }
  | { step: 'failed'; message: string }
  | { step: 'done' };

/**
 * Choose a photo (camera or library in the shells, a file on the web), see it as the square crop the
 * avatar will use, upload with a progress bar, retry on failure. The session's user is then verified
 * again, so the new avatar shows everywhere at once.
 */
export function PhotoEditor({ hasPhoto }: { hasPhoto: boolean }) {
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const headingId = useId();
  // The chosen photo and its object URL for the preview, replaced (and revoked) together.
  const [chosen, setChosen] = useState<{ file: Blob; url: string } | null>(null);
  const [state, setState] = useState<State>({ step: 'idle' });
  const file = chosen?.file ?? null;
  const preview = chosen?.url ?? null;

  useEffect(() => () => (chosen ? URL.revokeObjectURL(chosen.url) : undefined), [chosen]);

  function setFile(next: Blob | null) {
    setChosen(next ? { file: next, url: URL.createObjectURL(next) } : null);
  }

  async function refreshEverywhere() {
    await verifySession();
    await queryClient.invalidateQueries({ queryKey: profileKeys.all });
  }

  async function upload(chosen: Blob) {
    if (chosen.size > profileUploadLimits.maxBytes) {
      setState({ step: 'failed', message: 'This photo is larger than 10 MB. Choose a smaller one.' });
      return;
    }
    setState({ step: 'uploading', progress: 0 });
    try {
      // On the loading overlay with its bytes (issue 44.18).
      await withUploadProgress('Uploading your photo...', (report) =>
        uploadPhoto(chosen, (progress) => {
          report(progress);
          setState({ step: 'uploading', progress });
        }),
      );
      await refreshEverywhere();
      setState({ step: 'done' });
      setFile(null);
    } catch (error) {
      const message =
        error instanceof HttpError && error.serverMessage
          ? error.serverMessage
          : 'The upload did not finish. Check your connection and try again.';
      setState({ step: 'failed', message });
    }
  }

  function choose(chosen: Blob | null) {
    if (!chosen) return;
    setFile(chosen);
    setState({ step: 'idle' });
  }

  async function fromDevice(source: PhotoSource) {
    try {
      choose(await takePhoto(source));
    } catch (error) {
      // Closing the camera or the library is the member's choice: nothing changes, and nothing is wrong.
      if (error instanceof PhotoCancelledError) return;
      setState({ step: 'failed', message: 'The camera could not be opened.' });
    }
  }

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Profile photo
      </h2>
      <div className="flex flex-wrap gap-2">
        {hasNativeCamera() ? (
          <>
            <Button
              variant="secondary"

              onClick={() => void fromDevice('camera')}
            >
              Take a photo
            </Button>
            <Button
              variant="secondary"

              onClick={() => void fromDevice('library')}
            >
              Choose from library
            </Button>
          </>
        ) : (
          <Button
            variant="secondary"

            onClick={() => inputRef.current?.click()}
          >
            Choose a photo
          </Button>
        )}
        {hasPhoto && !file && (
          <Button variant="danger" onClick={() => void removePhoto().then(refreshEverywhere)}>
            Remove photo
          </Button>
        )}
      </div>
      <input
        ref={inputRef}
        type="file"
        accept={profileUploadLimits.acceptedTypes.join(',')}
        aria-label="Photo file"
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => {
          choose(event.target.files?.[0] ?? null);
          event.target.value = '';
        }}
      />
      {preview && (
        <div className="flex items-center gap-4">
          <img
            src={preview}
            alt="Your new photo, cropped to a square"
            className="size-28 rounded-full object-cover"
          />
          <Button
            disabled={state.step === 'uploading'}

            onClick={() => file && void upload(file)}
          >
            {state.step === 'failed' ? 'Try again' : 'Use this photo'}
          </Button>
        </div>
      )}
      {state.step === 'uploading' && (
        <div className="space-y-1">
          <label className="block text-sm text-slate-800">
            Uploading your photo
            <progress className="block w-full" max={100} value={Math.round(state.progress * 100)} />
          </label>
        </div>
      )}
      <p role="status" className="text-sm text-slate-800">
        {state.step === 'done' ? 'Your photo is updated.' : ''}
      </p>
      {state.step === 'failed' && (
        <p role="alert" className="rounded-xl bg-red-50 p-3 font-medium text-red-800">
          {state.message}
        </p>
      )}
    </section>
  );
}
