import type { Config } from './config';
import type { Db } from './db/client';
import type { Clock, Logger } from './http/env';
import { createTranslators } from './i18n/catalogs';
import { createMailTemplates } from './mail/compose';
import { withSender, type Mailer } from './mail/mailer';
import { Outbox } from './mail/outbox';
import { registerOrderMails } from './orders/order-mails';
import { registerClaimMails } from './claims/claim-mails';
import { claimPhotoDir } from './claims/photo-store';
import { registerWithdrawalMails } from './withdrawal/withdrawal-mails';
import { loadShops } from './shops/shops.service';
import { mailSender, operatorAddress } from './settings/settings.service';
import { registerStaffMails } from './staff/staff-mails';
import { registerApprovalMails } from './admin/people/approval-mails';
import { registerVoteMails } from './votes/votes.mail';
import { registerNotificationMails } from './notifications/notification-mails';

/**
 * The shop's outbox with every kind of mail it sends registered: one composition root, used by
 * the app (after each commit and on a timer), by the operator's CLI commands and by the tests.
 */
export function createShopOutbox(deps: { db: Db; config: Config; mailer: Mailer; clock: Clock; logger: Logger }): Outbox {
  const { db, config, logger } = deps;
  // The sender and the operator's address may be changed in the back office: read as each mail goes.
  const outbox = new Outbox({ ...deps, mailer: withSender(deps.mailer, () => mailSender(db, config)) });
  const env = {
    db,
    logger,
    shops: Object.values(loadShops(db, config)),
    translators: createTranslators(),
    templates: createMailTemplates({ root: config.root, production: config.production }),
    get operator() {
      return operatorAddress(db, config);
    },
  };
  registerOrderMails(outbox, env);
  registerClaimMails(outbox, env, claimPhotoDir(config.uploadsDir));
  registerStaffMails(outbox, env);
  registerWithdrawalMails(outbox, env);
  registerApprovalMails(outbox, env);
  registerVoteMails(outbox, env);
  registerNotificationMails(outbox, env);
  return outbox;
}
