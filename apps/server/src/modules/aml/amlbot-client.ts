import { createHash } from 'node:crypto';
import { fetchWithRetry } from '../rates/fetch-with-retry';
import { AmlUnavailableError, type AmlAnswer, type AmlProvider } from './aml-provider';

// AMLBot's API (docs/aml.md): a form POST to the base URL checks an address or a transaction, a POST
// to /recheck polls a running check by its uid. Each call is signed with token = md5(value:key:id).

export interface AmlBotOptions {
  baseUrl: string;
  accessId: string;
  accessKey: string;
  /** AMLBot's depth of a check: `fast` answers soonest. */
  flow?: 'fast' | 'accurate' | 'advanced';
  timeoutMs?: number;
  retries?: number;
  /** How the pause between attempts is waited for (tests). */
  pause?: (ms: number) => Promise<void>;
}

interface AmlBotBody {
  result?: boolean;
  description?: string;
  data?: {
    uid?: string;
    /** 0…1 (AMLBot's scale); absent while pending. */
    riskscore?: number | null;
    signals?: Record<string, number | null> | null;
    status?: string;
  };
}

/** An answer body as the domain reads it: a score 0-100 with its signals, or pending with the uid to poll. */
export function readAnswer(body: AmlBotBody): AmlAnswer {
  if (body.result !== true || !body.data) {
    throw new AmlUnavailableError(`AMLBot refused the check: ${body.description ?? 'no result'}`.slice(0, 300));
  }
  const { uid, riskscore, signals, status } = body.data;
  if (status === 'pending' || riskscore === undefined || riskscore === null) {
    if (!uid) throw new AmlUnavailableError('AMLBot answered pending without a uid');
    return { state: 'pending', uid };
  }
  if (typeof riskscore !== 'number' || riskscore < 0 || riskscore > 1) {
    throw new AmlUnavailableError(`AMLBot sent a risk score out of 0…1: ${String(riskscore)}`);
  }
  const shares = Object.entries(signals ?? {}).filter((e): e is [string, number] => typeof e[1] === 'number');
  // Rounded up: a score that is 75.1 % risky is not let through as 75.
  return { state: 'done', score: Math.ceil(riskscore * 100 - 1e-9), signals: Object.fromEntries(shares) };
}

/** The real client: HTTPS, a timeout per call, retries on a timeout, 5xx or a short 429. */
export function createAmlBotClient({
  baseUrl,
  accessId,
  accessKey,
  flow = 'fast',
  timeoutMs = 10_000,
  retries = 2,
  pause,
}: AmlBotOptions): AmlProvider {
  const token = (value: string) => createHash('md5').update(`${value}:${accessKey}:${accessId}`).digest('hex');
  const root = baseUrl.replace(/\/+$/, '');

  async function call(path: string, form: Record<string, string>): Promise<AmlAnswer> {
    let response: Response;
    try {
      response = await fetchWithRetry(`${root}${path}`, { form, timeoutMs, retries, pause });
    } catch (error) {
      throw new AmlUnavailableError(`AMLBot: ${error instanceof Error ? error.message : String(error)}`);
    }
    let body: AmlBotBody;
    try {
      body = (await response.json()) as AmlBotBody;
    } catch {
      throw new AmlUnavailableError('AMLBot answered something other than JSON');
    }
    return readAnswer(body);
  }

  return {
    screenAddress: (network, address) =>
      call('/', { hash: address, asset: network, accessId, locale: 'en_US', flow, token: token(address) }),
    screenTransaction: (network, txid, address) =>
      call('/', {
        hash: txid,
        address,
        asset: network,
        direction: 'deposit',
        accessId,
        locale: 'en_US',
        flow,
        token: token(txid),
      }),
    poll: (uid) => call('/recheck', { uid, accessId, token: token(uid) }),
  };
}
