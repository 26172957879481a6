import type { MessageKey } from './messages-ru';
import { EN_LATER_MESSAGES } from './messages-en-later';
import { EN_PUBLIC_MESSAGES } from './messages-en-public';

/** The English of every shared message (messages-ru.ts has the Russian, the product's own words). */
export const EN_MESSAGES: Record<MessageKey, string> = /* @__PURE__ */ Object.assign(
  {},
  EN_PUBLIC_MESSAGES,
  EN_LATER_MESSAGES,
);
