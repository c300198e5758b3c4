import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { button } from 'styled-system/recipes/button';
import type { verifyEmailMachine } from '../../machines/verify-email/verify-email.machine';
import { selectMessage, selectState } from '../../machines/verify-email/verify-email.selectors';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { AuthLayout, formStack } from '../auth-screen/auth-layout';
import { useInspection } from '../inspection';

/** Opened from the mailed verification link: confirms the address and says how that went. */
export function VerifyEmailPage({ logic, token }: { logic: typeof verifyEmailMachine; token: string }) {
  const actor = useActorRef(logic, { input: { token }, ...useInspection() });
  const state = useSelector(actor, selectState);
  const message = useSelector(actor, selectMessage);
  return (
    <AuthLayout title="Verify Email">
      <div className={formStack}>
        {state === 'verifying' ? <Spinner label="Verifying your email address..." /> : null}
        {state === 'verified' ? <Alert status="success">{message}</Alert> : null}
        {state === 'failed' ? (
          <>
            <Alert status="danger">{message}</Alert>
            {token ? (
              <Button variant="outline" onClick={() => actor.send({ type: 'verify.retry' })}>
                Try again
              </Button>
            ) : null}
          </>
        ) : null}
        <Link href="/" className={button({ variant: state === 'failed' ? 'outline' : 'solid' })}>
          Continue to Artist Studio
        </Link>
      </div>
    </AuthLayout>
  );
}
