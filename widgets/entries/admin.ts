import { startRegistry } from '../lib/registry';
import { adminRegistry } from './admin-registry';

/** The back office's one script: define each <shop-admin-…> widget when its tag needs it. */
startRegistry(adminRegistry);
