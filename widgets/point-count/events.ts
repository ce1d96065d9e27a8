/** Fired by widgets that change the balance (a claimed reward, a bought voucher): `detail.balance`. */
export const POINTS_CHANGED = 'shop:points-changed';
