import { enableConsent } from './consent';
import { installErrorReporting, queueEvent } from '../lib/analytics';
import { startRegistry } from '../lib/registry';
import { registry } from './registry';
import { enableThemeSwitch } from './theme-switch';
import { enableConfirmLinks } from './confirm-links';
import { enableListTools } from './list-tools';
import { refreshShopper } from './shopper';
import { rememberOpenedProducts } from './wanted';

/** The page's one script: consent signals first, report uncaught errors, then define each widget when its tag needs it. */
enableConsent();
installErrorReporting();
enableThemeSwitch();
rememberOpenedProducts();
enableConfirmLinks();
enableListTools();
refreshShopper();
startRegistry(registry, {
  onError: (tag, error) => queueEvent({ event: 'exception', description: `widget ${tag}: ${String(error)}`, fatal: false }),
});
