/** Addresses of the gateway (spec 2: /payment/{orderHash}/{bankKey}) and of the bank's answers. */
export const PAYMENT_PATH = '/payment';
export const RETURN_PATH = '/payment/return';
/** The bank's server-to-server call: exempt from the CSRF check, authenticated by its signature. */
export const NOTIFY_PATH = '/payment/notify';

/** `?platba=` on the tracking page after the gateway; each notice is shown only if the order's state agrees. */
export const PAYMENT_NOTICE = { ok: 'ok', failed: 'zamietnuta', choose: 'vyber' } as const;

export const gatewayPath = (hash: string, bankKey: string) => `${PAYMENT_PATH}/${hash}/${bankKey}`;
