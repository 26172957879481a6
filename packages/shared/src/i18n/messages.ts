import type { Lang } from './languages';
import { EN_MESSAGES } from './messages-en';
import { RU_MESSAGES, type MessageKey } from './messages-ru';

export type { MessageKey } from './messages-ru';

/**
 * Messages both the server and the web app show, both languages (the server's table). The web app
 * takes one language's table with that language's catalog (`@obmen/shared/messages-ru`, `-en`), so
 * a page never carries the other language's.
 */
export const MESSAGES: Record<Lang, Record<MessageKey, string>> = { ru: RU_MESSAGES, en: EN_MESSAGES };

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(RU_MESSAGES, key);
}

export function formatMessage(lang: Lang, key: MessageKey, params: Record<string, string | number> = {}): string {
  return MESSAGES[lang][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
