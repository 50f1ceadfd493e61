import { communityImageLimits } from '@uplift/contracts';
import { ImagePlus, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { HttpError } from '../../../lib/http/index.ts';
import { withUploadProgress } from '../../../lib/loading/trackedWork.ts';
import { useIsOnline } from '../../../lib/offline/index.ts';
import { uploadPostImage } from '../api/uploadImage.ts';
import { Button } from '../../../ui/Button.tsx';

/** What the composer holds: the picture chosen, and once uploaded, the key the post names. */
export type PickedImage =
  | { status: 'uploading'; preview: string; progress: number }
  | { status: 'ready'; preview: string; key: string }
  | { status: 'failed'; preview: string; message: string };

/** Said when the author leaves the description empty: honest, if less helpful than their own words. */
export const defaultImageAlt = 'Image shared with the post';

/**
 * "Add image": uploads at once (so posting is quick), shows a preview, asks for a description (alt text)
 * and can remove it. Uploading needs a connection, so offline the button says so instead.
 */
export function ImagePicker({
  image,
  alt,
  onImage,
  onAlt,
}: {
  image: PickedImage | null;
  alt: string;
  onImage: (image: PickedImage | null) => void;
  onAlt: (alt: string) => void;
}) {
  const online = useIsOnline();
  const input = useRef<HTMLInputElement>(null);
  const upload = useRef<AbortController | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  // The preview is a local object URL: released when replaced or when the composer goes.
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  useEffect(() => () => upload.current?.abort(), []);

  async function choose(file: File) {
    upload.current?.abort();
    const controller = new AbortController();
    upload.current = controller;
    const url = URL.createObjectURL(file);
    setPreview(url);
    onImage({ status: 'uploading', preview: url, progress: 0 });
    try {
      // On the loading overlay with its bytes (issue 44.18); its Cancel takes the image off, as "Remove" does.
      const stored = await withUploadProgress(
        'Uploading the image...',
        (report) =>
          uploadPostImage(
            file,
            (progress) => {
              report(progress);
              onImage({ status: 'uploading', preview: url, progress });
            },
            controller.signal,
          ),
        { cancel: () => remove() },
      );
      if (!controller.signal.aborted) onImage({ status: 'ready', preview: url, key: stored.key });
    } catch (error) {
      if (controller.signal.aborted) return;
      const message =
        error instanceof HttpError ? error.message : 'The image could not be uploaded. Try again.';
      onImage({ status: 'failed', preview: url, message });
    }
  }

  function remove() {
    upload.current?.abort();
    setPreview(null);
    onImage(null);
    onAlt('');
  }

  if (!image) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" disabled={!online} onClick={() => input.current?.click()}>
          <ImagePlus aria-hidden="true" className="size-5" />
          Add image
        </Button>
        {!online && <p className="text-sm text-slate-700">Adding an image needs a connection.</p>}
        <input
          ref={input}
          type="file"
          accept={communityImageLimits.acceptedTypes.join(',')}
          aria-label="Image file"
          className="sr-only"
          tabIndex={-1}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void choose(file);
          }}
        />
      </div>
    );
  }

  return (
    <div className="space-y-2 rounded-xl border border-slate-200 bg-white p-3">
      <img
        src={image.preview}
        alt={alt.trim() || 'Preview of the image you chose'}
        className="max-h-48 w-auto rounded-lg object-contain"
      />
      {image.status === 'uploading' && (
        <label className="block text-sm text-slate-800">
          Uploading the image
          <progress className="block w-full" max={100} value={Math.round(image.progress * 100)} />
        </label>
      )}
      {image.status === 'failed' && (
        <p role="alert" className="text-sm text-red-800">
          {image.message}
        </p>
      )}
      <label className="block text-sm font-medium text-slate-900">
        Describe the image (for people who cannot see it)
        <input
          type="text"
          value={alt}
          onChange={(event) => onAlt(event.target.value)}
          maxLength={communityImageLimits.altMax}
          placeholder="e.g. Our team at the graduation"
          className="mt-1 block min-h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-base placeholder:text-slate-600"
        />
      </label>
      <Button variant="secondary" onClick={remove}>
        <X aria-hidden="true" className="size-5" />
        Remove image
      </Button>
    </div>
  );
}
