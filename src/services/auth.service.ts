import type { Http } from './http';
import { messageSchema } from '../schemas/api-error.schema';
import { tokenSetSchema, type CreateAccount, type ForgotPassword, type ResetPassword, type SignIn, type TokenSet } from '../schemas/auth.schema';
import { MESSAGES } from '../schemas/messages';
import { call } from './api-error';

/** Calls of the sign-in screen and the mailed-link pages; none of them carries a token. */
export function createAuthService(http: Http) {
  const post = (path: string, body: unknown) => http.post(path, body, { public: true });
  const message = async (fallback: string, path: string, body: unknown) =>
    call(fallback, async () => messageSchema.parse((await post(path, body)).data).message);

  return {
    signIn: (input: SignIn): Promise<TokenSet> =>
      call(MESSAGES.signInFailed, async () => tokenSetSchema.parse((await post('/auth/sign-in', input)).data)),
    createAccount: (input: CreateAccount) => message(MESSAGES.accountCreationFailed, '/auth/create', input),
    forgotPassword: (input: ForgotPassword) => message(MESSAGES.forgotPasswordFailed, '/auth/forgotPassword', input),
    resendVerification: (email: string) => message('Could not send the verification link', '/auth/resend-verification', { email }),
    verifyEmail: (token: string) => message('Could not verify the email address', '/auth/verify-email', { token }),
    resetPassword: (input: ResetPassword) => message('Could not reset the password', '/auth/reset-password', input),
    refresh: (refreshToken: string): Promise<TokenSet> =>
      call('Your session has ended', async () => tokenSetSchema.parse((await post('/auth/refresh', { refreshToken })).data)),
    signOut: (refreshToken: string) => call('Sign-out failed', async () => void (await post('/auth/sign-out', { refreshToken }))),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
