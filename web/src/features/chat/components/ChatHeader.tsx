import { ArrowLeft, FileDown, MessagesSquare, SquarePen } from 'lucide-react';
import { memo, type ReactNode } from 'react';
import { Link } from 'react-router';

interface ChatHeaderProps {
  title: string;
  /** Under the title, e.g. the remaining quota. */
  subtitle?: ReactNode;
  onNewChat?: () => void;
  onOpenConversations?: () => void;
  /** Offered once there is a conversation to export (as Markdown). */
  onExport?: () => void;
}

const iconButtonClass =
  'grid size-11 shrink-0 place-items-center rounded-full text-slate-800 hover:bg-slate-100 hover:text-slate-950';

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
      <Link to="/" aria-label="Back to Home" className={iconButtonClass}>
        <ArrowLeft aria-hidden="true" className="size-5" />
      </Link>
      <div className="min-w-0 flex-1 px-1">
        <h1 className="truncate text-lg leading-tight font-bold tracking-tight text-slate-900">{title}</h1>
        {subtitle}
      </div>
      {onExport && (
        <button
          type="button"
          onClick={onExport}
          aria-label="Export conversation as Markdown"
          className={iconButtonClass}
        >
          <FileDown aria-hidden="true" className="size-5" />
        </button>
      )}
      {onNewChat && (
        <button type="button" onClick={onNewChat} aria-label="New chat" className={iconButtonClass}>
          <SquarePen aria-hidden="true" className="size-5" />
        </button>
      )}
      {onOpenConversations && (
        <button
          type="button"
          onClick={onOpenConversations}
          aria-label="Conversations"
          aria-haspopup="dialog"
          className={iconButtonClass}
        >
          <MessagesSquare aria-hidden="true" className="size-5" />
        </button>
      )}
    </header>
  );
});
