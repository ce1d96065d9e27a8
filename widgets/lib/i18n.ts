import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { getDefaults } from './defaults';

/** One Lingui instance for every widget on the page; message ids are the Slovak source text. */
export const i18n = setupI18n();

let loading: Promise<void> | undefined;
let ready = false;

/**
 * The production build ships no ICU compiler. Catalog entries arrive compiled; an id missing from
 * the catalog (or every id, when the catalog cannot load) shows the Slovak source text, and this
 * fills its simple `{name}` placeholders instead of Lingui warning once per render.
 */
const compilePlaceholders: Parameters<I18n['setMessagesCompiler']>[0] = (message) =>
  message.split(/(\{\w+\})/).filter(Boolean).map((part) => (/^\{\w+\}$/.test(part) ? [part.slice(1, -1)] : part));

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
    if (process.env.NODE_ENV === 'production') i18n.setMessagesCompiler(compilePlaceholders);
    i18n.loadAndActivate({ locale, messages: messages ?? {} });
    ready = true;
  })();
  return loading;
}

export function messagesReady(): boolean {
  return ready;
}
