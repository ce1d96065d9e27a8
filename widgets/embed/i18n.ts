/**
 * The embed's few texts. Each bundle is built for one locale (build/embed.ts) with that locale's
 * translations of these ids from locales/<locale>/messages.po defined in as __EMBED_MESSAGES__, so
 * a partner's page fetches no catalogue; the Slovak id is the text when there is none (and in tests).
 */
declare const __EMBED_MESSAGES__: Record<string, string> | undefined;

const messages: Record<string, string> = typeof __EMBED_MESSAGES__ === 'object' ? __EMBED_MESSAGES__ : {};

export const i18n = {
  _(id: string): string {
    return messages[id] ?? id;
  },
};
