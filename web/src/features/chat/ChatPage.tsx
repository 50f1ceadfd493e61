import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export default function ChatPage() {
  return <PlaceholderPage />;
}
