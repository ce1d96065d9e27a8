/**
 * The length rules of a new password, apart from accounts.schemas.ts so the sign-up page's guard
 * (widgets/sign-up-guard) reads the same numbers without bringing zod to the page.
 */
export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 200;
