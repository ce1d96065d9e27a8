import type { StaffRole } from '../db/schema';
import type { AppEnv } from '../http/env';

/** The signed-in staff member of a back-office request (server/staff/staff-session.ts). */
export interface StaffContext {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  /** SHA-256 of the staff session id: the key of its row. */
  sessionHash: string;
  /** False while the second factor is still to be entered: such a session opens nothing but that form. */
  verified: boolean;
}

/** The shop's request state plus who on the staff is asking (null: nobody signed in to the back office). */
export type AdminEnv = {
  Variables: AppEnv['Variables'] & { staff?: StaffContext | null };
};
