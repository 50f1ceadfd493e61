import { useState } from 'react';
import { useAuthActions } from '../hooks.ts';

export function SignOutButton({ className = '' }: { className?: string }) {
  const { logout } = useAuthActions();
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      disabled={pending}
      onClick={() => {
        setPending(true);
        void logout();
      }}
      className={`inline-flex min-h-11 items-center justify-center rounded-xl border border-slate-300 bg-white px-4 font-semibold text-slate-900 hover:bg-slate-100 disabled:opacity-60 ${className}`}
    >
      Sign out
    </button>
  );
}
