import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { cardPhoto, createTicket, sberToBtc, uploadCardPhoto } from '../../../test/tickets';
import { MAX_UPLOAD_FORM_BYTES } from './upload-form';

let ctx: TestContext;
let ticketId: string;
let uploadUrl: string;
beforeAll(async () => {
  ctx = await createTestApp();
  ticketId = (await createTicket(ctx, sberToBtc('10000', { email: 'forms@example.com' }))).json().id;
  uploadUrl = `/api/v1/CardCheck/uploadimage?ticketId=${ticketId}`;
});
afterAll(() => ctx.close());

const FORM = 'multipart/form-data; boundary=xyz';
const post = (url: string, payload: string | Buffer | Readable, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, headers: { 'content-type': FORM, ...headers }, payload });
const part = (name: string, value: string, extra = '') =>
  `--xyz\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n\r\n${value}\r\n`;

/** A body of `bytes` bytes that counts how much of it the server pulled. */
function countedBody(bytes: number) {
  const body = { pulled: 0, stream: null as unknown as Readable };
  body.stream = new Readable({
    read() {
      if (body.pulled >= bytes) return void this.push(null);
      body.pulled += 64 * 1024;
      this.push(Buffer.alloc(64 * 1024, 0x61));
    },
  });
  return body;
}

describe('multipart is read only where a file is expected', () => {
  it.each(['/logout', '/token', '/register', '/api/v1/Tickets/create', '/api/v1/Exchange/calculate'])(
    'a form, broken or not, to %s is 415',
    async (url) => {
      for (const body of ['garbage', `${part('username', 'someone')}--xyz--\r\n`]) {
        const res = await post(url, body);
        expect(res.statusCode).toBe(415);
        expect(res.json().error.message).toBe('Неподдерживаемый формат запроса');
      }
    },
  );

  it('a broken form to the upload is 400, in the language of the request', async () => {
    const broken = [
      'garbage',
      `--xyz\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nno closing boundary`,
      '--xyz\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png',
    ];
    for (const body of broken) {
      const res = await post(uploadUrl, body);
      expect(res.statusCode, body).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'malformed_form', message: 'Некорректный запрос' } });
    }
    const english = await post(uploadUrl, 'garbage', { 'accept-language': 'en' });
    expect(english.json().error.message).toBe('Malformed request');
  });

  it('a well-formed photo is still taken', async () => {
    expect((await uploadCardPhoto(ctx, ticketId, await cardPhoto())).statusCode).toBe(200);
  });
});

describe('the upload form is bounded as a whole, not only its file', () => {
  it('a 40 MB form is refused from its length before a byte of it is read', async () => {
    const body = countedBody(40 * 1024 * 1024);
    const res = await post(uploadUrl, body.stream, { 'content-length': String(40 * 1024 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: { code: 'upload_too_large', message: 'Файл больше 10 МБ' } });
    expect(body.pulled).toBeLessThan(MAX_UPLOAD_FORM_BYTES);
  });

  it('a form without a length (chunked) is refused unread: its size could only be learnt by reading it', async () => {
    const body = countedBody(40 * 1024 * 1024);
    const res = await post(uploadUrl, body.stream);
    expect(res.statusCode).toBe(411);
    expect(body.pulled).toBeLessThan(MAX_UPLOAD_FORM_BYTES);
  });

  it('too many parts, too many fields', async () => {
    const parts = Array.from({ length: 50 }, (_, i) => part(`f${i}`, 'x')).join('');
    const res = await post(uploadUrl, `${parts}--xyz--\r\n`);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe('Слишком большой запрос');
  });
});
