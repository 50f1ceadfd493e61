import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export default function CommunityPage() {
  return <PlaceholderPage />;
}
