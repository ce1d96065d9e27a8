import { setupI18n, type Messages } from '@lingui/core';
import { getDefaults } from './defaults';

/**
 * One Lingui instance for every widget on the page; message ids are the Slovak source text. The
 * build swaps in widgets/lib/lingui (decision 164), which fills an uncatalogued id's `{name}`
 * placeholders itself; the real Lingui does so in development with its message compiler.
 */
export const i18n = setupI18n();

let loading: Promise<void> | undefined;
let ready = false;

async function importCatalog(url: string): Promise<Messages | undefined> {
  if (!url) return undefined;
  try {
    const module = (await import(/* @vite-ignore */ url)) as { messages?: Messages };
    return module.messages;
  } catch {
    return undefined;
  }
}

/** Loads the locale's catalog once (a runtime URL from the defaults) and activates the locale. */
export function loadMessages(): Promise<void> {
  loading ??= (async () => {
    const { locale, messages: url } = getDefaults();
    const messages = await importCatalog(url);
    i18n.loadAndActivate({ locale, messages: messages ?? {} });
    ready = true;
  })();
  return loading;
}

export function messagesReady(): boolean {
  return ready;
}
