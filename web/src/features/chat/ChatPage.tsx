import { useCurrentUser } from '../auth/index.ts';
import { usePageMeta } from '../../lib/pageMeta.ts';
import { ChatScreen } from './components/ChatScreen.tsx';

/** /chat: Vale, the AI assistant. Signing in or out starts the screen afresh for the new viewer. */
export default function ChatPage() {
  const { title } = usePageMeta();
  const user = useCurrentUser();
  return <ChatScreen key={user?.id ?? 'anonymous'} title={title} userId={user?.id ?? null} />;
}
