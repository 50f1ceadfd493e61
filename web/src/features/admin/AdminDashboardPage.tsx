import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export default function AdminDashboardPage() {
  return <PlaceholderPage />;
}
