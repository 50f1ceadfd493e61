import type { CommunityPost } from '@uplift/contracts';
import { Pin, PinOff } from 'lucide-react';
import { usePin } from '../api/pin.ts';
import { Button } from '../../../ui/Button.tsx';

/** An admin's "Pin" / "Unpin" toggle on one post; its accessible name says which post. */
export function PinButton({ post }: { post: CommunityPost }) {
  const pin = usePin();
  const Icon = post.pinned ? PinOff : Pin;
  const verb = post.pinned ? 'Unpin' : 'Pin';
  return (
    <span className="inline-flex flex-col items-end">
      <Button
        variant="ghost"
        size="sm"
        aria-label={`${verb} the post by ${post.author.name}`}
        disabled={pin.isPending}
        onClick={() => pin.mutate({ postId: post.id, pinned: !post.pinned })}
      >
        <Icon aria-hidden="true" className="size-4" />
        {verb}
      </Button>
      {pin.isError && (
        <span role="alert" className="text-sm text-red-800">
          Could not {verb.toLowerCase()} the post. Try again.
        </span>
      )}
    </span>
  );
}
