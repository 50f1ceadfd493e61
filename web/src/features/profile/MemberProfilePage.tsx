import { SignedInProfilePlaceholder } from './SignedInProfilePlaceholder.tsx';

export default function MemberProfilePage() {
  return <SignedInProfilePlaceholder />;
}
