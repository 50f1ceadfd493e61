import type { AdminVideo } from '@uplift/contracts';
import { skillAreas } from '@uplift/contracts';
import { useDeleteVideo, useSaveVideo } from '../api/videos.ts';
import { ContentActions } from './ContentActions.tsx';

const skillLabel = new Map<string, string>(skillAreas.map((area) => [area.id, area.label]));
const minutes = (seconds: number) =>
  seconds < 60 ? `${Math.round(seconds)} s` : `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;

function VideoCard({
  video,
  onEdit,
  onMessage,
  deleting,
  onDelete,
}: {
  video: AdminVideo;
  onEdit: () => void;
  onMessage: (text: string) => void;
  deleting: boolean;
  onDelete: () => void;
}) {
  const save = useSaveVideo();
  return (
    <li className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 font-semibold break-words text-slate-900">{video.title}</h3>
        <span
          className={`rounded-full px-2 py-0.5 text-sm font-medium ${video.published ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-200 text-slate-900'}`}
        >
          {video.published ? 'Published' : 'Not published'}
        </span>
      </div>
      <p className="text-sm text-slate-700">
        {video.kind === 'featured' ? 'Featured' : 'Short'} · {minutes(video.durationSeconds)}
        {video.premium ? ' · Premium' : ''} ·{' '}
        {video.mediaSource === 'seeded' ? 'Seeded file' : 'Uploaded file'}
      </p>
      <p className="text-sm text-slate-700">
        {video.skillTags.map((tag) => skillLabel.get(tag) ?? tag).join(', ')}
      </p>
      <ContentActions
        name={video.title}
        published={video.published}
        busy={save.isPending || deleting}
        onEdit={onEdit}
        deleteWarning="Members' progress in it goes too."
        onPublish={(published) =>
          save.mutate(
            { id: video.id, body: { published } },
            {
              onSuccess: () => onMessage(`“${video.title}” is ${published ? 'published' : 'unpublished'}.`),
              onError: (error) => onMessage(error.message),
            },
          )
        }
        onDelete={onDelete}
      />
    </li>
  );
}

/** Every video as a card (one column on a phone, two when there is room). */
export function VideoList({
  videos,
  onEdit,
  onMessage,
}: {
  videos: AdminVideo[];
  onEdit: (video: AdminVideo) => void;
  onMessage: (text: string) => void;
}) {
  // Here, not in the card: see PartnerList (mutate()'s callbacks never run once the card has unmounted).
  const remove = useDeleteVideo();
  return (
    <ul className="grid gap-3 md:grid-cols-2">
      {videos.map((video) => (
        <VideoCard
          key={video.id}
          video={video}
          onEdit={() => onEdit(video)}
          onMessage={onMessage}
          deleting={remove.isPending && remove.variables === video.id}
          onDelete={() =>
            remove.mutate(video.id, {
              onSuccess: () => onMessage(`“${video.title}” is deleted.`),
              onError: (error) => onMessage(error.message),
            })
          }
        />
      ))}
    </ul>
  );
}
