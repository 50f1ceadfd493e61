import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export default function ProfileClientPage() {
  return <PlaceholderPage />;
}
