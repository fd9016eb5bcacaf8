/** OAuth failures sorted into what a person can do about each. */

/** `fetch`, or a stand-in with the same shape (tests pass one that reaches loopback servers). */
export type Fetch = typeof fetch;

export type OAuthErrorKind =
  /** The person said no on the consent screen. */
  | 'denied'
  /** The browser signed in as someone else: the token is for another address. */
  | 'wrong-account'
  /** Consent was given without a permission mail needs. */
  | 'scope'
  /** The refresh token was revoked or expired: sign in again (nothing in the profile is lost). */
  | 'sign-in-again'
  /** The issuer or the mail server does not offer OAuth (or not the way a native app needs). */
  | 'no-oauth'
  /** No redirect came back in time, or the sign-in server did not answer in time. */
  | 'timeout'
  /** The issuer answered something unexpected, or could not be reached. */
  | 'protocol';

export class OAuthError extends Error {
  constructor(
    readonly kind: OAuthErrorKind,
    message: string,
  ) {
    super(message);
  }
}
