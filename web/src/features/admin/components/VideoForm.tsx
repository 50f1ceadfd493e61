import { useState, type FormEvent } from 'react';
import { videoUploadLimits, type AdminVideo, type SkillAreaId, type VideoKind } from '@uplift/contracts';
import { Sheet } from '../../../ui/Sheet.tsx';
import { uploadVideoMedia, uploadVideoPoster, useSaveVideo } from '../api/videos.ts';
import { Field, inputClass } from '../../../ui/Field.tsx';
import { contentErrorsOf } from './contentErrors.ts';
import { ContentUpload } from './ContentUpload.tsx';
import { SkillPicker } from './SkillPicker.tsx';
import { Button } from '../../../ui/Button.tsx';

interface VideoFormProps {
  /** The video to edit, or null to add one. */
  video: AdminVideo | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const sourceText = (source: 'seeded' | 'uploaded', what: string) =>
  source === 'seeded'
    ? `The seeded ${what} is kept unless you choose another.`
    : `The uploaded ${what} is kept unless you choose another.`;

/** Add or edit a video in a sheet: details, then files uploaded as soon as they are chosen. */
export function VideoForm({ video, onClose, onSaved }: VideoFormProps) {
  const save = useSaveVideo();
  const [title, setTitle] = useState(video?.title ?? '');
  const [description, setDescription] = useState(video?.description ?? '');
  const [kind, setKind] = useState<VideoKind>(video?.kind ?? 'featured');
  const [skillTags, setSkillTags] = useState<SkillAreaId[]>((video?.skillTags ?? []) as SkillAreaId[]);
  const [premium, setPremium] = useState(video?.premium ?? false);
  const [published, setPublished] = useState(video?.published ?? false);
  const [mediaKey, setMediaKey] = useState<string | null>(null);
  const [posterKey, setPosterKey] = useState<string | null>(null);
  const [busyUploads, setBusyUploads] = useState(0);
  const [errors, setErrors] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const busy = (change: boolean) => setBusyUploads((count) => count + (change ? 1 : -1));

  function submit(event: FormEvent) {
    event.preventDefault();
    const details = { title, description, kind, skillTags, premium, published };
    const files = { ...(mediaKey ? { mediaKey } : {}), ...(posterKey ? { posterKey } : {}) };
    const request = video
      ? { id: video.id, body: { ...details, ...files } }
      : { id: null, body: { ...details, mediaKey: mediaKey ?? '', posterKey: posterKey ?? '' } };
    save.mutate(request, {
      onSuccess: (saved) =>
        onSaved(`“${saved.title}” is saved${saved.published ? ' and published' : ' (not published)'}.`),
      onError: (error) => setErrors(contentErrorsOf(error)),
    });
  }

  const fieldError = (name: string) => errors?.fields[name];
  return (
    <Sheet open onClose={onClose} title={video ? `Edit “${video.title}”` : 'Add a video'}>
      <form noValidate onSubmit={submit} className="space-y-4 py-4">
        <Field label="Title" error={fieldError('title')}>
          {(props) => (
            <input
              {...props}
              className={inputClass}
              value={title}
              maxLength={120}
              onChange={(e) => setTitle(e.target.value)}
            />
          )}
        </Field>
        <Field label="Description" error={fieldError('description')}>
          {(props) => (
            <textarea
              {...props}
              className={`${inputClass} py-2`}
              rows={3}
              maxLength={600}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
          )}
        </Field>
        <Field label="Kind" error={fieldError('kind')}>
          {(props) => (
            <select
              {...props}
              className={inputClass}
              value={kind}
              onChange={(e) => setKind(e.target.value as VideoKind)}
            >
              <option value="featured">Featured (landscape, 16:9)</option>
              <option value="short">Short (portrait, 9:16)</option>
            </select>
          )}
        </Field>
        <SkillPicker
          legend="Skills"
          value={skillTags}
          onChange={setSkillTags}
          error={fieldError('skillTags')}
        />
        <label className="flex min-h-11 items-center gap-3 text-slate-900">
          <input
            type="checkbox"
            className="size-5"
            checked={premium}
            onChange={(e) => setPremium(e.target.checked)}
          />
          Premium (plays for member-tier-2 and above)
        </label>
        <label className="flex min-h-11 items-center gap-3 text-slate-900">
          <input
            type="checkbox"
            className="size-5"
            checked={published}
            onChange={(e) => setPublished(e.target.checked)}
          />
          Published (members see it)
        </label>
        <ContentUpload
          label="Video file"
          accept={videoUploadLimits.mediaAcceptedTypes.join(',')}
          hint={`MP4 (H.264), at most ${mb(videoUploadLimits.mediaMaxBytes)}. Its length is read from the file.`}
          current={
            mediaKey
              ? 'A new file is ready to save.'
              : video
                ? sourceText(video.mediaSource, 'video file')
                : 'No file yet.'
          }
          error={fieldError('mediaKey')}
          onBusyChange={busy}
          upload={async (file, onProgress, signal) => {
            setMediaKey((await uploadVideoMedia(file, onProgress, signal)).mediaKey);
          }}
        />
        <ContentUpload
          label="Poster image"
          accept={videoUploadLimits.posterAcceptedTypes.join(',')}
          hint={`JPEG, PNG, WebP or AVIF, at most ${mb(videoUploadLimits.posterMaxBytes)}.`}
          current={
            posterKey
              ? 'A new poster is ready to save.'
              : video
                ? sourceText(video.posterSource, 'poster')
                : 'No poster yet.'
          }
          error={fieldError('posterKey')}
          onBusyChange={busy}
          upload={async (file, onProgress, signal) => {
            setPosterKey((await uploadVideoPoster(file, onProgress, signal)).posterKey);
          }}
        />
        {errors && (
          <p role="alert" className="rounded-xl bg-red-50 p-3 font-medium text-red-800">
            {errors.message}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending || busyUploads > 0}>
            {busyUploads > 0 ? 'Uploading…' : 'Save video'}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </Sheet>
  );
}
