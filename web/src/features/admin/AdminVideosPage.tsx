import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export default function AdminVideosPage() {
  return <PlaceholderPage />;
}
