import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export default function AdminPortalPage() {
  return <PlaceholderPage />;
}
