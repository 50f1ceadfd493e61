import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export default function ProfilePublicPage() {
  return <PlaceholderPage />;
}
