import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export default function SkillsPage() {
  return <PlaceholderPage />;
}
