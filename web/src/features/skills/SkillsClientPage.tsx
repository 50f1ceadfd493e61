import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export default function SkillsClientPage() {
  return <PlaceholderPage />;
}
