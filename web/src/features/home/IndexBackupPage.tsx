import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export default function IndexBackupPage() {
  return <PlaceholderPage />;
}
