/** Messages of the error catalogue (requirements §8), written once. */
export const MESSAGES = {
  signInFailed: 'Sign-in failed',
  accountCreationFailed: 'Account creation failed',
  forgotPasswordFailed: 'Forgot password request failed',
  getUserFailed: 'Get User request failed',
  anErrorOccurred: 'An error occurred.',
  loading: 'Loading...',
  close: 'Close',
  imageNotAvailable: 'Image not available',
  unexpectedError: 'Unexpected Application Error!',
} as const;
