import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export default function ProfilePage() {
  return <PlaceholderPage />;
}
