import { useState } from 'react';
import { Button } from '../../../ui/Button.tsx';
import { useAuthActions } from '../hooks.ts';

export function SignOutButton({ className = '' }: { className?: string }) {
  const { logout } = useAuthActions();
  const [pending, setPending] = useState(false);
  return (
    <Button
      variant="secondary"
      loading={pending}
      onClick={() => {
        setPending(true);
        void logout();
      }}
      className={className}
    >
      Sign out
    </Button>
  );
}
