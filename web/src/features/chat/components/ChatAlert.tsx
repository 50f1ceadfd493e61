import { X } from 'lucide-react';
import { memo } from 'react';
import { IconButton } from '../../../ui/IconButton.tsx';

/**
 * The chat's errors, in words from the server where it gave some. The alert region is always there (and
 * empty when all is well) so screen readers announce a message as soon as it appears.
 */
export const ChatAlert = memo(function ChatAlert({
  message,
  onDismiss,
}: {
  message: string | null;
  onDismiss: () => void;
}) {
  return (
    <div role="alert">
      {message && (
        <div className="mb-2 flex items-start gap-2 rounded-2xl border border-red-300 bg-red-50 py-1 pr-1 pl-3 text-sm font-medium text-red-800">
          <p className="min-w-0 flex-1 py-2">{message}</p>
          <IconButton onClick={onDismiss} label="Dismiss">
            <X aria-hidden="true" className="size-4" />
          </IconButton>
        </div>
      )}
    </div>
  );
});
