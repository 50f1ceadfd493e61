import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export default function MobileChatDemoPage() {
  return <PlaceholderPage />;
}
