import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export default function MemberProfilePage() {
  return <PlaceholderPage />;
}
