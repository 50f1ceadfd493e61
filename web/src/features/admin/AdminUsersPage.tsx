import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export default function AdminUsersPage() {
  return <PlaceholderPage />;
}
