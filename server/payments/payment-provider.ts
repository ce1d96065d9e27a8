import type { Config } from '../config';
import type { PaymentProvider } from './provider';
import { TestBank } from './test-bank';

/**
 * The configured gateway. A real bank is plugged in here: implement PaymentProvider in
 * server/payments/<bank>.ts (its start() builds the bank's signed redirect from request.origin and
 * the return/notify paths; verifyReturn/verifyNotification check the bank's signature with its
 * merchant key), add its name to PAYMENT_PROVIDER in config.ts, and return it below.
 */
export function paymentProvider(config: Config): PaymentProvider | null {
  switch (config.payments.provider) {
    case 'test-bank':
      return new TestBank(config.payments.secret);
    case 'none':
      return null;
  }
}
