import * as z from 'zod/mini';
import { crossFieldRule, currentPasswordField, emailField, passwordField } from './fields.schema';
import { savableCharacters, text } from './text.schema';

export const signInSchema = z.object({
  email: emailField,
  password: currentPasswordField(),
});
export type SignIn = z.infer<typeof signInSchema>;

const confirmField = z.string().check(...savableCharacters('Password'), z.minLength(1, { error: 'Please confirm your password' }));
const passwordsMatch = crossFieldRule<{ password: string; confirmPassword: string }>(
  (v) => v.password === v.confirmPassword,
  'Passwords do not match',
  'confirmPassword',
);

/** Create Account form: confirmPassword is checked in the browser and not sent. */
export const createAccountFormSchema = z
  .object({ email: emailField, password: passwordField, confirmPassword: confirmField })
  .check(passwordsMatch);
export type CreateAccountForm = z.input<typeof createAccountFormSchema>;

export const createAccountSchema = z.object({ email: emailField, password: passwordField });
export type CreateAccount = z.infer<typeof createAccountSchema>;

export const forgotPasswordSchema = z.object({ email: emailField });
export type ForgotPassword = z.infer<typeof forgotPasswordSchema>;

export const resendVerificationSchema = z.object({ email: emailField });

const tokenField = text('The link', [z.minLength(1, { error: 'The link is missing its token' }), z.maxLength(200)]);

export const verifyEmailSchema = z.object({ token: tokenField });

export const resetPasswordFormSchema = z.object({ password: passwordField, confirmPassword: confirmField }).check(passwordsMatch);
export type ResetPasswordForm = z.input<typeof resetPasswordFormSchema>;

export const resetPasswordSchema = z.object({ token: tokenField, password: passwordField });
export type ResetPassword = z.infer<typeof resetPasswordSchema>;

const refreshTokenField = text('Refresh token', [z.minLength(1), z.maxLength(200)]);
export const refreshSchema = z.object({ refreshToken: refreshTokenField });
export const signOutSchema = z.object({ refreshToken: z.optional(refreshTokenField) });

/** What sign-in and refresh answer, and what the app stores under appSession. */
export const tokenSetSchema = z.object({
  accessToken: z.string().check(z.minLength(1)),
  refreshToken: z.string().check(z.minLength(1)),
  idToken: z.string().check(z.minLength(1)),
});
export type TokenSet = z.infer<typeof tokenSetSchema>;

/** Claims of the ID token the app reads: who is signed in and until when. */
export const idTokenClaimsSchema = z.object({
  sub: z.string(),
  email: z.string(),
  name: z.string(),
  exp: z.number(),
});
export type IdTokenClaims = z.infer<typeof idTokenClaimsSchema>;

export const AUTH_MESSAGES = {
  accountCreated: 'Account created successfully! Please check your email to verify your account.',
  resetLinkSent: 'If this email exists, a password reset link has been sent.',
  verificationSent: 'If this address needs verifying, a new verification link has been sent.',
  emailVerified: 'Your email address is verified. You can sign in now.',
  passwordReset: 'Your password has been reset. You can sign in with the new one.',
  invalidCredentials: 'Incorrect email or password.',
  emailNotVerified: 'Please verify your email address before signing in.',
  invalidLink: 'This link is invalid or has expired.',
} as const;

/** The code the sign-in answer carries when the address is not verified yet. */
export const EMAIL_NOT_VERIFIED = 'EMAIL_NOT_VERIFIED';
