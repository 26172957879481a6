import type { Lang } from '@obmen/shared/i18n';

/** Answers carry names and reasons in the asker's language, so the language is part of each key. */
export const ticketKeys = {
  all: ['tickets'] as const,
  ticket: (id: string, lang: Lang) => [...ticketKeys.all, 'ticket', id, lang] as const,
  tickets: (id: string) => [...ticketKeys.all, 'ticket', id] as const,
  list: (page: number, lang: Lang) => [...ticketKeys.all, 'list', page, lang] as const,
  lists: () => [...ticketKeys.all, 'list'] as const,
  cardStatus: (id: string) => [...ticketKeys.all, 'card-status', id] as const,
  messages: (id: string) => [...ticketKeys.all, 'messages', id] as const,
  fields: (give: string, get: string, lang: Lang) => [...ticketKeys.all, 'fields', give, get, lang] as const,
  currency: (code: string, lang: Lang) => [...ticketKeys.all, 'currency', code, lang] as const,
  quote: (params: object) => [...ticketKeys.all, 'quote', params] as const,
  continueQuote: (id: string, lang: Lang) => [...ticketKeys.all, 'continue-quote', id, lang] as const,
  telegram: (id: string) => [...ticketKeys.all, 'telegram', id] as const,
  mutation: (
    name:
      | 'create'
      | 'confirm'
      | 'cancel'
      | 'upload'
      | 'find'
      | 'continue'
      | 'refund'
      | 'refundExcess'
      | 'payRest'
      | 'telegramLink'
      | 'message',
  ) => [...ticketKeys.all, name] as const,
};
