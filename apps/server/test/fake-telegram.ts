import type { IncomingMessage, ServerResponse } from 'node:http';
import { bodyOf, startFakeApi } from './fake-api';

/*
 * A local Telegram Bot API for tests (issue 46): POST /bot<token>/<method> with a JSON body,
 * answering `{ok:true,result}` or `{ok:false,error_code,description,parameters?}` as the Bot API
 * documents (core.telegram.org/bots/api "Making requests", ResponseParameters.retry_after). The
 * error texts are the Bot API's own, as collected in TelegramBotAPI/errors (json/*.json):
 * 401 "Unauthorized", 403 "Forbidden: bot was blocked by the user", 429 "Too Many Requests: retry
 * after N", 409 "Conflict: terminated by other getUpdates request…", 409 "Conflict: can't use
 * getUpdates method while webhook is active…".
 *
 * Methods: sendMessage, getUpdates (long polling: waits up to `timeout` seconds; an update is
 * confirmed by a later call with a higher offset), setWebhook, deleteWebhook, getMe.
 *
 * Plain Node (no test runner imports), so a Playwright spec can start it too.
 */

export type FakeTelegramMethod = 'sendMessage' | 'getUpdates' | 'setWebhook' | 'deleteWebhook' | 'getMe';

export type FakeTelegramFailure =
  /** 429 with `parameters.retry_after`; nothing is sent. */
  | { kind: 'rate-limit'; retryAfter: number }
  /** 403 "bot was blocked by the user"; nothing is sent. */
  | { kind: 'blocked' }
  /** Never answers (the client's timeout); `execute`: the message is sent first, as when the answer is what got lost. */
  | { kind: 'hang'; execute?: boolean }
  /** HTTP 502 with an HTML page, as a proxy in front of Telegram answers. */
  | { kind: 'bad-gateway' };

export interface FakeSentMessage {
  chatId: string;
  text: string;
  /** Date.now() when it was accepted. */
  at: number;
}

interface Update {
  update_id: number;
  message: {
    message_id: number;
    date: number;
    chat: { id: number; type: 'private'; first_name: string };
    from: { id: number; is_bot: false; first_name: string; language_code?: string };
    text: string;
    entities?: { type: 'bot_command'; offset: 0; length: number }[];
  };
}

export interface FakeTelegram {
  /** http://127.0.0.1:port (TELEGRAM_API_URL) */
  base: string;
  token: string;
  username: string;
  close(): void;
  /** A user writes `text` to the bot from a private chat (its id is the user's). */
  queueMessage(chatId: number, text: string, languageCode?: string): void;
  /** The user opened the deep link and pressed Start: `/start <payload>`. */
  start(chatId: number, payload: string, languageCode?: string): void;
  stop(chatId: number): void;
  /** The next call of `method` does this instead. */
  failNext(method: FakeTelegramMethod, failure: FakeTelegramFailure): void;
  /** A chat whose user blocked the bot: every sendMessage to it answers 403. */
  block(chatId: number): void;
  /** Every message accepted, in order. */
  sent: FakeSentMessage[];
  sentTo(chatId: number | string): FakeSentMessage[];
  /** Every call, in order, with the time it arrived. */
  calls: { method: string; at: number; params: Record<string, unknown> }[];
  webhook: { url: string; secretToken: string | null } | null;
  /** Updates not yet confirmed by an offset past them. */
  pendingUpdates(): number;
}

export async function startFakeTelegram(options: { token?: string; username?: string } = {}): Promise<FakeTelegram> {
  const token = options.token ?? '123456:TEST-token_for-the-fake';
  const username = options.username ?? 'obmen_test_bot';
  const updates: Update[] = [];
  let nextUpdateId = 1000;
  let nextMessageId = 1;
  const failures = new Map<string, FakeTelegramFailure[]>();
  const blocked = new Set<string>();
  const sent: FakeSentMessage[] = [];
  const calls: FakeTelegram['calls'] = [];
  let webhook: FakeTelegram['webhook'] = null;
  /** The long poll waiting now, if any: a new update or a second poll ends it. */
  let waiting: { wake: () => void; conflict: () => void } | null = null;
  const hanging = new Set<ServerResponse>();

  const answer = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const ok = (res: ServerResponse, result: unknown) => answer(res, 200, { ok: true, result });
  const refuse = (res: ServerResponse, code: number, description: string, parameters?: object) =>
    answer(res, code, { ok: false, error_code: code, description, ...(parameters && { parameters }) });

  const queueMessage = (chatId: number, text: string, languageCode?: string) => {
    const command = /^\/\w+/.exec(text);
    updates.push({
      update_id: nextUpdateId++,
      message: {
        message_id: nextMessageId++,
        date: Math.floor(Date.now() / 1000),
        chat: { id: chatId, type: 'private', first_name: 'Test' },
        from: { id: chatId, is_bot: false, first_name: 'Test', ...(languageCode && { language_code: languageCode }) },
        text,
        ...(command && { entities: [{ type: 'bot_command' as const, offset: 0 as const, length: command[0].length }] }),
      },
    });
    waiting?.wake();
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
    const text = await bodyOf(req);
    let params: Record<string, unknown> = {};
    try {
      params = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      return refuse(res, 400, "Bad Request: can't parse JSON object");
    }
    if (!match) return refuse(res, 404, 'Not Found');
    const [, given, method = ''] = match;
    calls.push({ method, at: Date.now(), params });
    if (given !== token) return refuse(res, 401, 'Unauthorized');
    const failure = failures.get(method)?.shift();
    if (failure?.kind === 'rate-limit') {
      return refuse(res, 429, `Too Many Requests: retry after ${failure.retryAfter}`, {
        retry_after: failure.retryAfter,
      });
    }
    if (failure?.kind === 'blocked') return refuse(res, 403, 'Forbidden: bot was blocked by the user');
    if (failure?.kind === 'bad-gateway') {
      return res.writeHead(502, { 'content-type': 'text/html' }).end('<html><body>502 Bad Gateway</body></html>');
    }
    const hang = () => {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
    };
    if (failure?.kind === 'hang' && !failure.execute) return hang();

    switch (method) {
      case 'getMe':
        return ok(res, { id: Number(token.split(':')[0]), is_bot: true, first_name: 'Obmen', username });
      case 'sendMessage': {
        const chatId = String(params.chat_id ?? '');
        const body = typeof params.text === 'string' ? params.text : '';
        if (!chatId) return refuse(res, 400, 'Bad Request: chat_id is empty');
        if (!body.trim()) return refuse(res, 400, 'Bad Request: message text is empty');
        if (body.length > 4096) return refuse(res, 400, 'Bad Request: message is too long');
        if (blocked.has(chatId)) return refuse(res, 403, 'Forbidden: bot was blocked by the user');
        sent.push({ chatId, text: body, at: Date.now() });
        if (failure?.kind === 'hang') return hang();
        return ok(res, {
          message_id: nextMessageId++,
          date: Math.floor(Date.now() / 1000),
          chat: { id: Number(chatId), type: 'private' },
          text: body,
        });
      }
      case 'setWebhook':
        webhook = { url: String(params.url ?? ''), secretToken: (params.secret_token as string | undefined) ?? null };
        return ok(res, true);
      case 'deleteWebhook':
        webhook = null;
        return ok(res, true);
      case 'getUpdates': {
        if (webhook) {
          return refuse(
            res,
            409,
            "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
          );
        }
        const offset = Number(params.offset ?? 0);
        // Confirmed: every update below the offset is forgotten.
        while (updates.length > 0 && updates[0]!.update_id < offset) updates.shift();
        const timeout = Math.min(Number(params.timeout ?? 0), 50);
        waiting?.conflict();
        if (updates.length === 0 && timeout > 0) {
          const outcome = await new Promise<'wake' | 'conflict' | 'timeout'>((resolve) => {
            const timer = setTimeout(() => resolve('timeout'), timeout * 1000);
            const entry = {
              wake: () => (clearTimeout(timer), resolve('wake')),
              conflict: () => (clearTimeout(timer), resolve('conflict')),
            };
            waiting = entry;
            res.on('close', () => entry.conflict());
          }).finally(() => (waiting = null));
          if (outcome === 'conflict') {
            if (res.writableEnded || res.destroyed) return;
            return refuse(
              res,
              409,
              'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
            );
          }
        }
        return ok(res, updates.slice(0, Number(params.limit ?? 100)));
      }
      default:
        return refuse(res, 404, 'Not Found');
    }
  }

  const api = await startFakeApi(handle);
  return {
    base: api.base,
    token,
    username,
    close() {
      waiting?.conflict();
      for (const res of hanging) res.destroy();
      api.close();
    },
    queueMessage,
    start: (chatId, payload, languageCode) => queueMessage(chatId, `/start ${payload}`, languageCode),
    stop: (chatId) => queueMessage(chatId, '/stop'),
    failNext(method, failure) {
      failures.set(method, [...(failures.get(method) ?? []), failure]);
    },
    block: (chatId) => void blocked.add(String(chatId)),
    sent,
    sentTo: (chatId) => sent.filter((m) => m.chatId === String(chatId)),
    calls,
    get webhook() {
      return webhook;
    },
    pendingUpdates: () => updates.length,
  };
}
