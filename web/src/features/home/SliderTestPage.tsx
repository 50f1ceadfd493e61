import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export default function SliderTestPage() {
  return <PlaceholderPage />;
}
