import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export default function ProfileHomePage() {
  return <PlaceholderPage />;
}
