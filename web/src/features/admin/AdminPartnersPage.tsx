import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export default function AdminPartnersPage() {
  return <PlaceholderPage />;
}
