import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export default function LoginPage() {
  return <PlaceholderPage />;
}
