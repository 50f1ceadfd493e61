import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export default function PartnersPage() {
  return <PlaceholderPage />;
}
