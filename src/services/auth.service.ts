import type { Http } from './http';
import { messageSchema } from '../schemas/api-error.schema';
import {
  tokenSetSchema,
  type CreateAccount,
  type ForgotPassword,
  type ResetPassword,
  type SignIn,
  type TokenSet,
} from '../schemas/auth.schema';
import { call } from './api-error';

/** Calls of the sign-in screen and the mailed-link pages; none of them carries a token. */
export function createAuthService(http: Http) {
  const post = (path: string, body: unknown) => http.post(path, body, { public: true });
  const message = async (path: string, body: unknown) => call(async () => messageSchema.parse((await post(path, body)).data).message);

  return {
    signIn: (input: SignIn): Promise<TokenSet> => call(async () => tokenSetSchema.parse((await post('/auth/sign-in', input)).data)),
    createAccount: (input: CreateAccount) => message('/auth/create', input),
    forgotPassword: (input: ForgotPassword) => message('/auth/forgotPassword', input),
    resendVerification: (email: string) => message('/auth/resend-verification', { email }),
    verifyEmail: (token: string) => message('/auth/verify-email', { token }),
    resetPassword: (input: ResetPassword) => message('/auth/reset-password', input),
    refresh: (refreshToken: string): Promise<TokenSet> =>
      call(async () => tokenSetSchema.parse((await post('/auth/refresh', { refreshToken })).data)),
    signOut: (refreshToken: string) => call(async () => void (await post('/auth/sign-out', { refreshToken }))),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
