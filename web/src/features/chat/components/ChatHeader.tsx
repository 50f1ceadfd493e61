import { ArrowLeft, FileDown, MessagesSquare, SquarePen } from 'lucide-react';
import { memo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { IconButton, iconButtonClass } from '../../../ui/IconButton.tsx';

interface ChatHeaderProps {
  title: string;
  /** Under the title, e.g. the remaining quota. */
  subtitle?: ReactNode;
  onNewChat?: () => void;
  onOpenConversations?: () => void;
  /** Offered once there is a conversation to export (as Markdown). */
  onExport?: () => void;
}

/**
 * The chat's top bar. The bottom navigation is hidden on /chat, so the way back lives here. Memoised: it
 * stays as it is while an answer streams in, given the same callbacks and subtitle from render to render.
 */
export const ChatHeader = memo(function ChatHeader({
  title,
  subtitle,
  onNewChat,
  onOpenConversations,
  onExport,
}: ChatHeaderProps) {
  return (
    <header className="flex items-center gap-1">
      <Link to="/" aria-label="Back to Home" className={iconButtonClass()}>
        <ArrowLeft aria-hidden="true" className="size-5" />
      </Link>
      <div className="min-w-0 flex-1 px-1">
        <h1 className="truncate text-lg leading-tight font-bold tracking-tight text-slate-900">{title}</h1>
        {subtitle}
      </div>
      {onExport && (
        <IconButton onClick={onExport} label="Export conversation as Markdown">
          <FileDown aria-hidden="true" className="size-5" />
        </IconButton>
      )}
      {onNewChat && (
        <IconButton onClick={onNewChat} label="New chat">
          <SquarePen aria-hidden="true" className="size-5" />
        </IconButton>
      )}
      {onOpenConversations && (
        <IconButton onClick={onOpenConversations} label="Conversations" aria-haspopup="dialog">
          <MessagesSquare aria-hidden="true" className="size-5" />
        </IconButton>
      )}
    </header>
  );
});
