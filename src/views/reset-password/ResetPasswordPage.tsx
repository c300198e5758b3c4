import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { button } from 'styled-system/recipes/button';
import { visibleError } from '../../machines/shared/form';
import type { resetPasswordMachine } from '../../machines/reset-password/reset-password.machine';
import { selectError, selectForm, selectIsBusy, selectNotice, selectScreen } from '../../machines/reset-password/reset-password.selectors';
import { AUTH_MESSAGES } from '../../schemas/auth.schema';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';
import { AuthLayout, formStack } from '../auth-screen/auth-layout';
import { useInspection } from '../inspection';

/** Opened from the mailed reset link: choose a new password. */
export function ResetPasswordPage({ logic, token }: { logic: typeof resetPasswordMachine; token: string }) {
  const actor = useActorRef(logic, { input: { token }, ...useInspection() });
  const form = useSelector(actor, selectForm);
  const error = useSelector(actor, selectError);
  const notice = useSelector(actor, selectNotice);
  const busy = useSelector(actor, selectIsBusy);
  const screen = useSelector(actor, selectScreen);
  const field = (name: 'password' | 'confirmPassword') => ({
    name,
    value: form.values[name],
    error: visibleError(form, name),
    onValueChange: (value: string) => actor.send({ type: 'field.change', name, value }),
  });

  return (
    <AuthLayout title="Reset Password">
      {screen === 'invalidLink' ? <Alert status="danger">{AUTH_MESSAGES.invalidLink}</Alert> : null}
      {screen === 'done' ? <Alert status="success">{notice}</Alert> : null}
      {screen === 'form' ? (
        <form
          className={formStack}
          noValidate
          aria-label="Reset password"
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'reset.submit' });
          }}
        >
          {error ? <Alert status="danger">{error}</Alert> : null}
          <TextField label="New Password" type="password" autoComplete="new-password" required {...field('password')} />
          <TextField label="Confirm Password" type="password" autoComplete="new-password" required {...field('confirmPassword')} />
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving...' : 'Set New Password'}
          </Button>
        </form>
      ) : null}
      {/* The way on once the password is set; beside the form, a quieter way back. */}
      <Link href="/" className={button({ variant: screen === 'done' || screen === 'invalidLink' ? 'solid' : 'outline' })}>
        Go to Sign In
      </Link>
    </AuthLayout>
  );
}
