import { LimitPair } from '../accounts/limits';
import type { Clock } from '../http/env';

/**
 * Back-office sign-in limits (per 15 minutes, in this process's memory like the shop's): a password
 * 20 times per address and 5 per account; a second factor 5 times per member before the waiting
 * session is thrown away, which bounds guessing six digits to 5 in a million per sign-in.
 */
export function createStaffLimits(clock: Clock) {
  return {
    signIn: new LimitPair(clock, 20, 5),
    secondFactor: new LimitPair(clock, 20, 5),
  };
}
export type StaffLimits = ReturnType<typeof createStaffLimits>;
