import { passwordLimits } from '@uplift/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { HttpError } from '../../lib/http/index.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { formFields, toFormError, type FormError, type FormField } from './formError.ts';
import { useAuthActions, useCurrentUser } from './hooks.ts';
import { loginPath, safeRedirectTarget, type LoginMode } from './redirect.ts';
import { FormAlert } from './components/FormAlert.tsx';
import { SessionEndedNotice } from './components/SessionEndedNotice.tsx';
import { passkeysSupported } from './passkeySupport.ts';

const copy = {
  'sign-in': {
    heading: 'Sign in',
    intro: 'Welcome back. Sign in to take your skills assessment, chat with Vale and join the community.',
    submit: 'Sign in',
  },
  register: {
    heading: 'Create account',
    intro: 'Join Uplift free: measure your skills, keep learning and connect with partners.',
    submit: 'Create account',
  },
} as const;

const passkeyNotUsed =
  'No passkey was used: the request was cancelled or timed out. Try again, or sign in with your password.';

const tabClass =
  'flex min-h-11 items-center justify-center rounded-lg px-2 text-center text-sm font-semibold text-slate-700 sm:text-base aria-[current=page]:bg-white aria-[current=page]:text-brand-700 aria-[current=page]:shadow-sm';

export default function LoginPage() {
  const [params] = useSearchParams();
  const mode: LoginMode = params.get('mode') === 'register' ? 'register' : 'sign-in';
  const redirectTo = safeRedirectTarget(params.get('redirectTo'));
  const user = useCurrentUser();
  const text = copy[mode];
  // Already signed in (a stale link, the back button): a sign-in form would only confuse. Go where they
  // were headed, as signing in would have.
  if (user) return <Navigate to={redirectTo} replace />;
  return (
    <section className="mx-auto max-w-sm space-y-6 py-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{text.heading}</h1>
        <p className="text-slate-700">{text.intro}</p>
      </header>
      <SessionEndedNotice />
      <nav aria-label="Sign in or create an account">
        <ul className="grid grid-cols-2 gap-1 rounded-xl bg-slate-200 p-1">
          {(['sign-in', 'register'] as const).map((tab) => (
            <li key={tab}>
              <Link
                to={loginPath({ redirectTo, mode: tab })}
                replace
                aria-current={tab === mode ? 'page' : undefined}
                className={tabClass}
              >
                {copy[tab].heading}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <AuthForm mode={mode} redirectTo={redirectTo} />
    </section>
  );
}

function AuthForm({ mode, redirectTo }: { mode: LoginMode; redirectTo: string }) {
  const { login, loginWithPasskey, register } = useAuthActions();
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<FormField, string>>({
    displayName: '',
    email: '',
    password: '',
  });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<FormError | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const shown = error?.mode === mode ? error : null;
  const setValue = (field: FormField) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  // After a failure, put the keyboard where the fix goes: the first field the server named, else the
  // password (sign in) or email (register). The submit button was disabled, so focus was lost anyway.
  useEffect(() => {
    if (!error) return;
    const target =
      formFields.find((field) => error.fields[field]) ?? (mode === 'register' ? 'email' : 'password');
    const input = formRef.current?.elements.namedItem(target);
    if (input instanceof HTMLInputElement) input.focus();
  }, [error, mode]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      if (mode === 'register') await register(values);
      else await login({ email: values.email, password: values.password });
    } catch (caught) {
      setError(toFormError(caught, mode));
      setPending(false);
      return;
    }
    await navigate(redirectTo, { replace: true });
  }

  /** The browser offers the member's passkeys; the server checks the one chosen (decision 0108). */
  async function onPasskey() {
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      await loginWithPasskey();
    } catch (caught) {
      setError(
        caught instanceof HttpError
          ? toFormError(caught, 'sign-in')
          : // The browser's prompt was cancelled, timed out, or found no passkey for Uplift here.
            { mode: 'sign-in', message: passkeyNotUsed, fields: {} },
      );
      setPending(false);
      return;
    }
    await navigate(redirectTo, { replace: true });
  }

  const text = copy[mode];
  return (
    // noValidate: the server decides (SPEC), so its message shows rather than the browser's own bubble.
    <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-4">
      <FormAlert message={shown?.message} />
      {mode === 'register' && (
        <TextField
          required
          name="displayName"
          label="Display name"
          type="text"
          autoComplete="name"
          value={values.displayName}
          onValueChange={setValue('displayName')}
          error={shown?.fields.displayName}
        />
      )}
      <TextField
        required
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        value={values.email}
        onValueChange={setValue('email')}
        error={shown?.fields.email}
        autoCapitalize="none"
        spellCheck={false}
      />
      <TextField
        required
        name="password"
        label="Password"
        type="password"
        autoComplete={mode === 'register' ? 'new-password' : 'current-password'}
        value={values.password}
        onValueChange={setValue('password')}
        error={shown?.fields.password}
        hint={mode === 'register' ? `At least ${passwordLimits.min} characters.` : undefined}
      />
      {mode === 'sign-in' && (
        <p className="text-right">
          <Link
            to="/forgot-password"
            // The email typed so far goes along in memory, never in the address (nor a server log).
            state={{ email: values.email }}
            className="font-semibold text-brand-700 underline"
          >
            Forgot password?
          </Link>
        </p>
      )}
      <Button type="submit" block loading={pending}>
        {text.submit}
      </Button>
      {mode === 'sign-in' && passkeysSupported() && (
        <Button variant="secondary" block disabled={pending} onClick={() => void onPasskey()}>
          Use a passkey
        </Button>
      )}
    </form>
  );
}
