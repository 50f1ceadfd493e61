import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export default function LoadingDemoPage() {
  return <PlaceholderPage />;
}
