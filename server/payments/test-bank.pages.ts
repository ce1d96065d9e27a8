import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/env';
import { msg } from '../i18n/msg';
import { ProblemError } from '../http/problem';
import { readBody } from '../http/body';
import type { Render } from '../render/renderer';
import { formatMoney } from '../render/format';
import { findBank } from './banks';
import { TEST_BANK_PATH, type TestBank, type TestBankRequest } from './test-bank';

/**
 * Hands the bank's notification to the shop. The test bank lives in the shop's own process, so it
 * passes the request to the app's fetch handler (same routing, middleware and signature check as
 * a call over the network, without needing to know the port it listens on).
 */
export type NotifyShop = (path: string, init: RequestInit) => Promise<Response>;

function strings(input: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(input).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/** The local test bank's page: the amount and the merchant, and a pay and a decline button. */
export function testBankPages(render: Render, bank: TestBank, notifyShop: NotifyShop) {
  const app = new Hono<AppEnv>();

  const refuse = () => {
    throw new ProblemError(400, msg('Testovacia banka: požiadavka obchodu nemá platný podpis.'));
  };

  const bankName = (c: Context<AppEnv>, request: TestBankRequest) => {
    const named = findBank(request.bank);
    return named ? c.get('i18n')._(named.name) : request.bank;
  };

  app.get(TEST_BANK_PATH, (c) => {
    const request = bank.readRequest(c.req.query()) ?? refuse();
    c.header('Cache-Control', 'no-store');
    return render(
      c,
      'pages/payments/test-bank',
      {
        request,
        sig: c.req.query('sig'),
        amount: formatMoney(Number(request.amount), request.currency, c.get('locale')),
        bankName: bankName(c, request),
      },
      { title: c.get('i18n')._('Testovacia banka'), noStore: true },
    );
  });

  app.post(TEST_BANK_PATH, async (c) => {
    const body = strings(await readBody(c));
    const request = bank.readRequest(body) ?? refuse();
    const signed = bank.signResult({
      reference: request.ref,
      status: body.decision === 'pay' ? 'paid' : 'failed',
      amount: Number(request.amount),
      currency: request.currency,
    });
    // Server to server first, as a real bank does; the browser's return may arrive second or never.
    const answer = await notifyShop(request.notify, {
      method: 'POST',
      headers: { host: c.req.header('host') ?? '', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(signed).toString(),
    });
    if (!answer.ok) c.get('deps').logger.info(`test bank: the shop answered ${answer.status} to the notification for ${request.ref}`);
    return c.redirect(`${request.return}?${new URLSearchParams(signed)}`, 303);
  });

  return app;
}

