import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export default function OfflineDemoPage() {
  return <PlaceholderPage />;
}
