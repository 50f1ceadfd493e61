import { SignedInProfilePlaceholder } from './SignedInProfilePlaceholder.tsx';

export default function ProfileHomePage() {
  return <SignedInProfilePlaceholder />;
}
