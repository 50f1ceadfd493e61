import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export default function ErrorDemoPage() {
  return <PlaceholderPage />;
}
