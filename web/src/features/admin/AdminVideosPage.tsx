import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminVideo } from '@uplift/contracts';
import { adminVideosQueryOptions } from './api/videos.ts';
import { VideoForm } from './components/VideoForm.tsx';
import { VideoList } from './components/VideoList.tsx';
import { LoadAlert } from '../../ui/LoadAlert.tsx';
import { Button } from '../../ui/Button.tsx';

/** /admin/videos: the whole catalogue (published or not), added to, edited, published and deleted here. */
export default function AdminVideosPage() {
  const videos = useQuery(adminVideosQueryOptions());
  const [editing, setEditing] = useState<AdminVideo | 'new' | null>(null);
  const [message, setMessage] = useState('');
  const featured = videos.data?.items.filter((video) => video.kind === 'featured') ?? [];
  const shorts = videos.data?.items.filter((video) => video.kind === 'short') ?? [];

  return (
    <div className="space-y-4 py-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Videos</h1>
        <Button onClick={() => setEditing('new')}>Add a video</Button>
      </div>
      <p role="status" className="text-slate-800">
        {message}
      </p>
      {videos.isPending && <p className="text-slate-700">Loading videos…</p>}
      <LoadAlert className="rounded-xl bg-red-50 p-3 font-medium text-red-800">
        {videos.isError && `The videos could not be loaded. ${videos.error.message}`}
      </LoadAlert>
      {videos.data && (
        <>
          <section aria-labelledby="admin-featured-heading" className="space-y-3">
            <h2 id="admin-featured-heading" className="text-xl font-bold text-slate-900">
              {`Featured (${featured.length})`}
            </h2>
            <VideoList videos={featured} onEdit={setEditing} onMessage={setMessage} />
          </section>
          <section aria-labelledby="admin-shorts-heading" className="space-y-3">
            <h2 id="admin-shorts-heading" className="text-xl font-bold text-slate-900">
              {`Shorts (${shorts.length})`}
            </h2>
            <VideoList videos={shorts} onEdit={setEditing} onMessage={setMessage} />
          </section>
        </>
      )}
      {editing !== null && (
        <VideoForm
          video={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(text) => {
            setEditing(null);
            setMessage(text);
          }}
        />
      )}
    </div>
  );
}
