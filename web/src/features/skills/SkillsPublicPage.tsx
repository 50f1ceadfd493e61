import { PlaceholderPage } from '../../ui/PlaceholderPage.tsx';

export default function SkillsPublicPage() {
  return <PlaceholderPage />;
}
