import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export default function AdminNotificationsPage() {
  return <PlaceholderPage />;
}
