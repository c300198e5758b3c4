import { useActorRef, useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import type { authScreenMachine } from '../../machines/auth-screen/auth-screen.machine';
import {
  selectError,
  selectForm,
  selectIsBusy,
  selectIsCreated,
  selectIsForgotPassword,
  selectIsResetSent,
  selectIsUnverified,
  selectNotice,
  selectTab,
} from '../../machines/auth-screen/auth-screen.selectors';
import { visibleError } from '../../machines/shared/form';
import { PASSWORD_MIN } from '../../schemas/fields.schema';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';
import { AuthLayout, formStack } from './auth-layout';
import { AuthTabs } from './auth-tabs';
import { useInspection } from '../inspection';

type Logic = typeof authScreenMachine;
type Ref = ReturnType<typeof useActorRef<Logic>>;

const TABS = [
  { value: 'signIn', label: 'Sign In' },
  { value: 'createAccount', label: 'Create Account' },
] as const;

const PASSWORD_HINT = `At least ${PASSWORD_MIN} characters, with an uppercase letter, a lowercase letter and a number.`;

/** The signed-out screen: Sign In and Create Account tabs, and the Forgot Password view. */
export function AuthScreen({ logic }: { logic: Logic }) {
  const actor = useActorRef(logic, useInspection());
  const forgot = useSelector(actor, selectIsForgotPassword);
  const tab = useSelector(actor, selectTab);

  if (forgot) {
    return (
      <AuthLayout title="Forgot Password">
        <ForgotPasswordForm actor={actor} />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={tab === 'signIn' ? 'Sign In' : 'Create Account'}>
      <AuthTabs
        label="Sign in or create an account"
        items={TABS}
        value={tab}
        onSelect={(value) => actor.send({ type: value === 'createAccount' ? 'auth.showCreateAccount' : 'auth.showSignIn' })}
      >
        {tab === 'signIn' ? <SignInForm actor={actor} /> : <CreateAccountForm actor={actor} />}
      </AuthTabs>
    </AuthLayout>
  );
}

function useForm(actor: Ref) {
  const form = useSelector(actor, selectForm);
  const error = useSelector(actor, selectError);
  const notice = useSelector(actor, selectNotice);
  const busy = useSelector(actor, selectIsBusy);
  const field = (name: 'email' | 'password' | 'confirmPassword') => ({
    name,
    value: form.values[name],
    error: visibleError(form, name),
    onValueChange: (value: string) => actor.send({ type: 'field.change', name, value }),
  });
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'auth.submit' });
  };
  return { field, error, notice, busy, onSubmit };
}

function SignInForm({ actor }: { actor: Ref }) {
  const { field, error, notice, busy, onSubmit } = useForm(actor);
  const unverified = useSelector(actor, selectIsUnverified);
  return (
    <form className={formStack} onSubmit={onSubmit} noValidate aria-label="Sign in">
      {error ? <Alert status="danger">{error}</Alert> : null}
      {notice ? <Alert status="success">{notice}</Alert> : null}
      {unverified ? (
        <Button variant="outline" disabled={busy} onClick={() => actor.send({ type: 'auth.resend' })}>
          Resend verification email
        </Button>
      ) : null}
      <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
      <TextField label="Password" type="password" autoComplete="current-password" required {...field('password')} />
      <Button type="submit" disabled={busy}>
        {busy ? 'Signing in...' : 'Sign In'}
      </Button>
      <Button variant="link" className={css({ alignSelf: 'flex-start' })} onClick={() => actor.send({ type: 'auth.showForgotPassword' })}>
        Forgot Password?
      </Button>
    </form>
  );
}

function CreateAccountForm({ actor }: { actor: Ref }) {
  const { field, error, notice, busy, onSubmit } = useForm(actor);
  const created = useSelector(actor, selectIsCreated);
  if (created) {
    return (
      <div className={formStack}>
        <Alert status="success">{notice}</Alert>
        <Button variant="outline" onClick={() => actor.send({ type: 'auth.showSignIn' })}>
          Go to Sign In
        </Button>
      </div>
    );
  }
  return (
    <form className={formStack} onSubmit={onSubmit} noValidate aria-label="Create account">
      {error ? <Alert status="danger">{error}</Alert> : null}
      <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
      <TextField label="Password" type="password" autoComplete="new-password" required hint={PASSWORD_HINT} {...field('password')} />
      <TextField label="Confirm Password" type="password" autoComplete="new-password" required {...field('confirmPassword')} />
      <Button type="submit" disabled={busy}>
        {busy ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}

function ForgotPasswordForm({ actor }: { actor: Ref }) {
  const { field, error, notice, busy, onSubmit } = useForm(actor);
  const sent = useSelector(actor, selectIsResetSent);
  return (
    <div className={formStack}>
      {sent ? (
        <Alert status="success">{notice}</Alert>
      ) : (
        <form className={formStack} onSubmit={onSubmit} noValidate aria-label="Forgot password">
          <p className={css({ color: 'fg.muted' })}>Enter your email address and we will send you a link to choose a new password.</p>
          {error ? <Alert status="danger">{error}</Alert> : null}
          <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
          <Button type="submit" disabled={busy}>
            {busy ? 'Sending...' : 'Send Reset Link'}
          </Button>
        </form>
      )}
      <Button variant="link" className={css({ alignSelf: 'flex-start' })} onClick={() => actor.send({ type: 'auth.showSignIn' })}>
        Back to Sign In
      </Button>
    </div>
  );
}
