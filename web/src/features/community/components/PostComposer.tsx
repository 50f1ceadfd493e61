import { communityLimits, type CommunityTopic } from '@uplift/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { useDraft } from '../../../lib/drafts/index.ts';
import { HttpError } from '../../../lib/http/index.ts';
import { haptics } from '../../../lib/native/haptics.ts';
import { useIsOnline } from '../../../lib/offline/index.ts';
import { toast } from '../../../lib/toasts/toastStore.ts';
import { useCreatePost } from '../api/writePost.ts';
import { MentionCombobox } from './MentionCombobox.tsx';
import { defaultImageAlt, ImagePicker, type PickedImage } from './ImagePicker.tsx';
import { Button } from '../../../ui/Button.tsx';

/** A member writes a post in a topic; offline it is queued and shows as "Pending" in the feed. */
export function PostComposer({
  topics,
  userId,
  onPosted,
}: {
  topics: readonly CommunityTopic[];
  userId: string;
  /** With the new post's id, sent or queued. */
  onPosted: (postId: string) => void;
}) {
  const [topicId, setTopicId] = useState('');
  // What the member writes survives leaving the page, a reload and being signed out (decision 0071).
  const [body, setBody, clearBody] = useDraft(userId, 'community.post');
  const [image, setImage] = useState<PickedImage | null>(null);
  const [alt, setAlt] = useState('');
  const create = useCreatePost(userId);
  const field = useRef<HTMLTextAreaElement>(null);
  const chosenTopic = topicId || topics[0]?.id || '';
  const imageBusy = image !== null && image.status !== 'ready';
  // Topics arrive with their own read: until then a post has nowhere to go, so Post waits rather than
  // doing nothing when pressed.
  const topicsLoading = !chosenTopic;
  const online = useIsOnline();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim() || !chosenTopic || imageBusy) return;
    // Chosen here, so the post is known by its id while it waits in the queue offline.
    const id = crypto.randomUUID();
    create.mutate(
      {
        id,
        topicId: chosenTopic,
        body: body.trim(),
        image: image?.status === 'ready' ? { key: image.key, alt: alt.trim() || defaultImageAlt } : undefined,
      },
      {
        onSuccess: (result) => {
          // SPEC §7's notification haptic: the post went (or waits in the queue to go), under "Buttons",
          // the press that committed it.
          haptics.notification('success', 'buttons');
          // Said as well as seen: the new post lands in the feed without a word. Queued, the offline
          // queue has said "Saved for Later" already.
          if (result.status === 'sent') toast.success('Your post is in the feed.', { title: 'Posted' });
          clearBody();
          setImage(null);
          setAlt('');
          // Post is disabled once the box is empty, which would drop the focus to the page: it goes back
          // to the box, ready for the next post.
          field.current?.focus();
          onPosted(id);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} aria-label="New post" className="space-y-2 rounded-2xl bg-slate-50 p-3">
      <label className="block text-sm font-medium text-slate-900">
        Topic
        <select
          value={chosenTopic}
          onChange={(event) => setTopicId(event.target.value)}
          disabled={topicsLoading}
          className="mt-1 block min-h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-base"
        >
          {topicsLoading && (
            <option value="">{online ? 'Loading topics…' : 'Topics load once you are back online'}</option>
          )}
          {topics.map((topic) => (
            <option key={topic.id} value={topic.id}>
              {topic.name}
            </option>
          ))}
        </select>
      </label>
      <MentionCombobox
        ref={field}
        label="Your post"
        value={body}
        onChange={setBody}
        maxLength={communityLimits.postMax}
        rows={3}
        placeholder="Share a win, a question or something you learned"
      />
      <ImagePicker image={image} alt={alt} onImage={setImage} onAlt={setAlt} />
      {create.error && (
        <p role="alert" className="text-sm text-red-800">
          {create.error instanceof HttpError ? create.error.message : 'The post could not be sent.'}
        </p>
      )}
      <Button type="submit" disabled={create.isPending || !body.trim() || imageBusy || topicsLoading}>
        Post
      </Button>
    </form>
  );
}
