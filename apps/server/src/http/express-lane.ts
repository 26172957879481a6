import http, { IncomingMessage, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { z } from 'zod';
import { isLang, langFromAcceptLanguage, type Lang } from '@obmen/shared';
import type { Metrics } from '../modules/monitoring/metrics';
import { chosenEncoding, COMPRESS_FROM, compressed, type Encoding } from './compression';
import { requestIds } from './request-id';

/** What a lane answer sees of its request. */
export interface LaneCall {
  query: Record<string, string | string[] | undefined>;
  /** The query as it came, after the `?` (empty when none): what `query` was parsed from. */
  search: string;
  /** A POST's body as it came (JSON, UTF-8): see jsonOf. */
  text: string;
  lang: Lang;
  headers: IncomingHttpHeaders;
}

/** The answer's bytes, or undefined: "not mine, let Fastify answer" (it then does the whole work). */
export type LaneAnswer = (call: LaneCall) => Buffer | undefined | Promise<Buffer | undefined>;

/** What one form of an answer sends: its bytes and the head that goes with them. */
interface Form {
  bytes: Buffer;
  head: Record<string, string | number>;
}

interface LaneRoute {
  /** The Fastify route pattern it stands for: the metrics label. */
  route: string;
  answer: LaneAnswer;
  /** The duration metric's series for this route, looked up once instead of per request. */
  timing?: { observe(seconds: number): void };
}

// Fastify's own body parser takes the rest; a quote request is a few hundred bytes.
const MAX_BODY = 16 * 1024;

/**
 * The express lane: the site's hottest public calls (the currency lists, a pair's range and status,
 * visitors' quotes) answered by the node:http server itself, before Fastify routes the request
 * and runs its hooks. Those answers are bytes kept per catalog version or per second, so
 * Fastify's per-request machinery was most of what they cost (issue 11: a bare Fastify sending
 * the same 2.8 KB list reaches 0.78 × its hello-world; node:http reaches 0.95 ×).
 *
 * The lane keeps what the hooks did: the request id, the language (`?lang=`, then
 * Accept-Language), the data answers' security headers, compression (made once per answer
 * instead of once per request), the request-duration metric and Fastify's two request log lines.
 * It answers only what it is sure of: a parameter the schema refuses, a signed-in user, an error,
 * anything unusual returns undefined and the request goes on to Fastify as it came, body and all,
 * to be answered (and its error worded) there. `app.inject` never passes through the lane: the
 * lane's own tests go over real HTTP and compare with the Fastify routes.
 */
export function createExpressLane(newRequestId: () => string = requestIds()) {
  const routes = new Map<string, LaneRoute>();
  // Routes whose requests wait before Fastify sees them (holdUntil), and how long each such
  // request waited: Fastify's clock starts only when it gets the request (heldMs).
  const holds = new Map<string, () => Promise<void>>();
  const heldFor = new WeakMap<IncomingMessage, number>();
  let ready: { headers: Record<string, string>; metrics: Metrics; log: FastifyBaseLogger } | null = null;
  // Fastify logs every request at info: the lane writes the same two lines when that level is on.
  let logRequests = false;
  // Per answer body, what each of its forms sends: the bytes and the head that goes with them.
  const forms = new WeakMap<Buffer, Partial<Record<Encoding | 'identity', Form>>>();
  // Requests that came for a lane route: how busy the site's visitors keep the lane (quiet-moments.ts).
  let arrived = 0;

  /**
   * An answer's bytes in the encoding the request takes (brotli or gzip made on its first request)
   * and their head, both kept while the answer is. The head is one object per form, written with
   * the request's id just before `writeHead` reads it: node:http only reads it then (no
   * `setHeader` was called), so no headers object is built per answer (issue 11).
   */
  function formOf(body: Buffer, acceptEncoding: string | undefined): Form {
    let kept = forms.get(body);
    if (!kept) forms.set(body, (kept = {}));
    const compressible = body.length >= COMPRESS_FROM;
    const encoding = compressible ? chosenEncoding(acceptEncoding) : null;
    const name = encoding ?? 'identity';
    let form = kept[name];
    if (!form) {
      const bytes = encoding ? compressed(body, encoding, { kept: true }) : body;
      const head: Record<string, string | number> = {
        'x-request-id': '',
        ...ready!.headers,
        'content-type': 'application/json; charset=utf-8',
        ...(compressible && { vary: 'accept-encoding' }),
        ...(encoding && { 'content-encoding': encoding }),
        'content-length': bytes.length,
      };
      form = kept[name] = { bytes, head };
    }
    return form;
  }

  function send(req: IncomingMessage, res: ServerResponse, body: Buffer, lane: LaneRoute, started: number) {
    const { metrics, log } = ready!;
    const requestId = req.headers['x-request-id'];
    const id = typeof requestId === 'string' && requestId ? requestId : newRequestId();
    if (logRequests) {
      const { remoteAddress, remotePort } = req.socket;
      const { method, url } = req;
      log.info(
        { reqId: id, req: { method, url, host: req.headers.host, remoteAddress, remotePort } },
        'incoming request',
      );
    }
    const { bytes, head } = formOf(body, req.headers['accept-encoding']);
    head['x-request-id'] = id;
    res.writeHead(200, head);
    res.end(bytes);
    const seconds = (performance.now() - started) / 1e3;
    lane.timing ??= metrics.requestDuration.seriesOf(req.method!, lane.route, '200');
    lane.timing.observe(seconds);
    if (logRequests) {
      log.info({ reqId: id, res: { statusCode: 200 }, responseTime: seconds * 1000 }, 'request completed');
    }
  }

  /** Runs a lane's answer and sends it, or hands the request (`replay` once its body is read) to Fastify. */
  function answerWith(
    lane: LaneRoute,
    call: LaneCall,
    req: IncomingMessage,
    res: ServerResponse,
    fastify: http.RequestListener,
    raw: Buffer | null,
    started: number,
  ): void {
    // Whatever goes wrong past this point is answered 500 and logged, never thrown at the server.
    const finish = (answer: Buffer | undefined) => {
      try {
        if (answer) send(req, res, answer, lane, started);
        else fastify(raw ? replayOf(req, raw) : req, res);
      } catch (error) {
        ready?.log.error({ err: error }, 'express lane failed');
        if (!res.headersSent) res.writeHead(500).end();
      }
    };
    let answer: Buffer | undefined | Promise<Buffer | undefined>;
    try {
      answer = lane.answer(call);
    } catch {
      answer = undefined; // Fastify asks again and words the error in the client's language
    }
    // Kept byte answers go out at once (no promise, no extra turn); a quote may await its pricing.
    if (answer instanceof Promise) answer.then(finish, () => finish(undefined));
    else finish(answer);
  }

  function handle(req: IncomingMessage, res: ServerResponse, fastify: http.RequestListener): void {
    const url = req.url ?? '/';
    const mark = url.indexOf('?');
    const pathname = mark === -1 ? url : url.slice(0, mark);
    const key = `${req.method} ${pathname}`;
    const hold = ready && holds.get(key);
    if (hold) {
      const since = performance.now();
      const go = () => {
        heldFor.set(req, performance.now() - since);
        fastify(req, res);
      };
      return void hold().then(go, go);
    }
    const lane = ready && routes.get(key);
    if (!lane) return fastify(req, res);
    arrived += 1;
    const started = performance.now();
    const search = mark === -1 ? '' : url.slice(mark + 1);
    const query = search ? parseQuery(search) : {};
    const lang = isLang(query.lang) ? query.lang : langFromAcceptLanguage(req.headers['accept-language']);
    if (req.method !== 'POST') {
      return answerWith(
        lane,
        { query, search, text: '', lang, headers: req.headers },
        req,
        res,
        fastify,
        null,
        started,
      );
    }

    const length = Number(req.headers['content-length']);
    const json = req.headers['content-type']?.toLowerCase().startsWith('application/json');
    if (!json || !(length > 0 && length <= MAX_BODY) || req.headers['content-encoding']) return fastify(req, res);
    readBody(req, (raw) =>
      answerWith(
        lane,
        { query, search, text: raw.toString('utf8'), lang, headers: req.headers },
        req,
        res,
        fastify,
        raw,
        started,
      ),
    );
  }

  return {
    /** How many requests have come for the lane's routes so far. */
    arrivals: (): number => arrived,

    /**
     * Requests for `route` ("POST /token") go to Fastify only once `moment()` resolves: their
     * routing, hooks and body parsing then wait too, not only their handler's work. Their
     * body stays in the socket meanwhile.
     */
    holdUntil(route: string, moment: () => Promise<void>): void {
      holds.set(route, moment);
    },

    /** How long a request waited in front of Fastify (holdUntil), in milliseconds; 0 for the rest. */
    heldMs: (req: IncomingMessage): number => heldFor.get(req) ?? 0,

    /** A GET the lane may answer at `path` (exact: a route with parameters gives each of its paths). */
    get(route: string, path: string, answer: LaneAnswer): void {
      routes.set(`GET ${path}`, { route, answer });
    },

    /** A POST with a JSON body the lane may answer. */
    post(route: string, answer: LaneAnswer): void {
      routes.set(`POST ${route}`, { route, answer });
    },

    /** Once the app is built: the headers and metric its answers share with Fastify's. */
    open(shared: { headers: Record<string, string>; metrics: Metrics; log: FastifyBaseLogger }): void {
      ready = shared;
      logRequests = ['trace', 'debug', 'info'].includes(shared.log.level);
    },

    /** For Fastify's `serverFactory`: the HTTP server Fastify would make, with the lane in front. */
    serverFactory(fastify: http.RequestListener, options: FastifyServerOptions): http.Server {
      const server = http.createServer((req, res) => {
        handle(req, res, fastify);
      });
      // What Fastify sets on the server it makes itself.
      server.keepAliveTimeout = options.keepAliveTimeout ?? 72_000;
      server.requestTimeout = options.requestTimeout ?? 0;
      server.setTimeout(options.connectionTimeout ?? 0);
      return server;
    },
  };
}

export type ExpressLane = ReturnType<typeof createExpressLane>;

/** A body's JSON, or undefined when it is none (Fastify then answers, with its own error). */
export function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * A schema's verdict on a lane call's query, kept per query text (up to `max` texts, then begun
 * afresh). The converter and the rate monitors ask about the same few pairs over and over, and
 * the schema's checks were ~7 % of the main thread on these calls (issue 11); the verdict of one
 * text never changes, so the schema stays the one place the rules live. Callers only read it.
 * A pair's query is a few dozen characters: longer texts are judged each time, not kept, so
 * odd requests cannot fill the memory with their addresses.
 */
export function parsedPerSearch<T>(schema: z.ZodType<T>, max = 1_000, longestKept = 256) {
  let kept = new Map<string, z.ZodSafeParseResult<T>>();
  return ({ search, query }: Pick<LaneCall, 'search' | 'query'>): z.ZodSafeParseResult<T> => {
    let verdict = kept.get(search);
    if (verdict === undefined) {
      verdict = schema.safeParse(query);
      if (search.length > longestKept) return verdict;
      if (kept.size >= max) kept = new Map();
      kept.set(search, verdict);
    }
    return verdict;
  };
}

/** The whole body (node's parser holds it to Content-Length); nothing if the client went away. */
function readBody(req: IncomingMessage, then: (body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.once('end', () => then(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
}

/**
 * The request as it came, for Fastify, once the lane has read its body: a new message on the same
 * socket that holds the body again.
 */
function replayOf(req: IncomingMessage, body: Buffer): IncomingMessage {
  const replay = new IncomingMessage(req.socket);
  replay.method = req.method;
  replay.url = req.url;
  replay.headers = req.headers;
  replay.rawHeaders = req.rawHeaders;
  replay.httpVersion = req.httpVersion;
  replay.httpVersionMajor = req.httpVersionMajor;
  replay.httpVersionMinor = req.httpVersionMinor;
  replay.push(body);
  replay.push(null);
  replay.complete = true;
  return replay;
}
