import { RU_LATER_MESSAGES } from './messages-ru-later';
import { RU_PUBLIC_MESSAGES } from './messages-ru-public';

/**
 * Messages both the server and the web app show. The Russian texts are the product's exact words
 * (spec §5, §8); `{value}` is filled in by `formatMessage`.
 */
// A call marked pure, not a spread: a bundle that never reads the whole table drops it (issue 43).
export const RU_MESSAGES: typeof RU_PUBLIC_MESSAGES & typeof RU_LATER_MESSAGES = /* @__PURE__ */ Object.assign(
  {},
  RU_PUBLIC_MESSAGES,
  RU_LATER_MESSAGES,
);

/** A message's key: the same in every language. */
export type MessageKey = keyof typeof RU_MESSAGES;
export type PublicMessageKey = keyof typeof RU_PUBLIC_MESSAGES;
export type LaterMessageKey = keyof typeof RU_LATER_MESSAGES;
