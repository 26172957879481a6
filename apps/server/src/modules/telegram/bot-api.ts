/**
 * The Telegram Bot API behind one small port (issue 46). Calls are HTTPS POSTs of JSON to
 * `<base>/bot<token>/<method>`; every answer is `{ok:true, result}` or `{ok:false, error_code,
 * description, parameters?: {retry_after?}}` (core.telegram.org/bots/api "Making requests";
 * grammY's types, api.ts ApiError/ResponseParameters). What a failure means for a message is the
 * send queue's business (telegram-outbox.ts): this only tells the failures apart.
 */

export interface TelegramMessageUpdate {
  update_id: number;
  message?: {
    message_id: number;
    chat: { id: number; type: string };
    from?: { id: number; language_code?: string };
    text?: string;
  };
}

export interface BotApi {
  sendMessage(chatId: string, text: string): Promise<void>;
  /** Long polling: waits up to `timeoutSeconds` for updates after `offset`. */
  getUpdates(offset: number, timeoutSeconds: number, signal?: AbortSignal): Promise<TelegramMessageUpdate[]>;
  setWebhook(url: string, secretToken: string): Promise<void>;
  deleteWebhook(): Promise<void>;
}

/** The Bot API said no: `errorCode` mirrors its `error_code`, `retryAfter` its flood-control wait in seconds. */
export class BotApiError extends Error {
  override name = 'BotApiError';
  constructor(
    readonly errorCode: number,
    readonly description: string,
    readonly retryAfter: number | null,
  ) {
    super(`Bot API ${errorCode}: ${description}`);
  }

  /** The user blocked the bot, deleted their account, or the bot was removed from the chat: sending again cannot help. */
  get chatGone(): boolean {
    return this.errorCode === 403;
  }
}

/** No answer in time, or no connection: the message may be sent again later. */
export class BotApiUnreachableError extends Error {
  override name = 'BotApiUnreachableError';
}

export interface BotApiOptions {
  token: string;
  /** https://api.telegram.org, or a local fake in tests. */
  baseUrl: string;
  /** For a call other than a long poll; a long poll waits its own timeout and this. */
  timeoutMs?: number;
}

export function createBotApi({ token, baseUrl, timeoutMs = 10_000 }: BotApiOptions): BotApi {
  const root = `${baseUrl.replace(/\/$/, '')}/bot${token}`;

  async function call<T>(
    method: string,
    params: Record<string, unknown>,
    waitMs = timeoutMs,
    stop?: AbortSignal,
  ): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${root}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(params),
        signal: stop ? AbortSignal.any([AbortSignal.timeout(waitMs), stop]) : AbortSignal.timeout(waitMs),
      });
    } catch (error) {
      // Never the URL: it carries the bot's token.
      const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'could not connect';
      throw new BotApiUnreachableError(`Bot API ${method} ${reason}`);
    }
    let body: {
      ok?: boolean;
      result?: T;
      error_code?: number;
      description?: string;
      parameters?: { retry_after?: number };
    };
    try {
      body = (await response.json()) as typeof body;
    } catch {
      throw new BotApiUnreachableError(`Bot API ${method} answered HTTP ${response.status} without JSON`);
    }
    if (body.ok === true) return body.result as T;
    const code = body.error_code ?? response.status;
    const retryAfter = body.parameters?.retry_after;
    // A 5xx is Telegram's own trouble: as passing as a timeout.
    if (code >= 500) throw new BotApiUnreachableError(`Bot API ${method} ${code}: ${body.description ?? ''}`);
    throw new BotApiError(
      code,
      body.description ?? `HTTP ${response.status}`,
      typeof retryAfter === 'number' ? retryAfter : null,
    );
  }

  return {
    async sendMessage(chatId, text) {
      // Plain text (no parse_mode): a customer's or operator's words are never read as markup; no link previews.
      await call('sendMessage', { chat_id: chatId, text, link_preview_options: { is_disabled: true } });
    },
    getUpdates(offset, timeoutSeconds, signal) {
      return call<TelegramMessageUpdate[]>(
        'getUpdates',
        { offset, timeout: timeoutSeconds, allowed_updates: ['message'] },
        timeoutSeconds * 1000 + timeoutMs,
        signal,
      );
    },
    async setWebhook(url, secretToken) {
      await call('setWebhook', { url, secret_token: secretToken, allowed_updates: ['message'] });
    },
    async deleteWebhook() {
      await call('deleteWebhook', {});
    },
  };
}
