import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser } from '../../test/users';
import { createTestApp, type TestContext } from '../../test/test-app';

/**
 * Every route of the OpenAPI document, thrown bad input: wrong types, huge and non-finite numbers,
 * NUL and control characters, deep nesting, broken JSON, forms and multipart. Whatever it is, the
 * answer is the client's error (4xx), never the server's (5xx). Calls go as the admin, so the
 * console's routes get past their guards to the contracts and the services behind them.
 */

interface Schema {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}
interface Operation {
  parameters?: { in: 'path' | 'query' | 'header'; name: string; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}
interface Route {
  method: string;
  path: string;
  operation: Operation;
}

let ctx: TestContext;
let routes: Route[];
let adminHeaders: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestApp();
  adminHeaders = (await createUser(ctx, 'admin')).headers;
  const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  routes = Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
});
afterAll(() => ctx.close());

const NASTY_TEXT = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0001\u0008\u001b[2J\u007f',
  '\r\n\t',
  '\ud800',
  '\udfff\ud800',
  '😀'.repeat(50),
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e309',
  '1e-400',
  '9'.repeat(400),
  '0.' + '1'.repeat(100),
  '0x10',
  '1,5',
  '-1',
  '__proto__',
  'constructor',
  '../../etc/passwd',
  "' or 1=1 --",
  '%',
  '\\',
  '{}',
  'x'.repeat(70_000),
  // Lone UTF-16 surrogates, which JSON's \u escapes can carry (issue 42: a 500 at the database).
  'a\ud800b',
  '\udc00',
];
const nastyText = fc.oneof(fc.constantFrom(...NASTY_TEXT), fc.string({ unit: 'binary', maxLength: 40 }));
const nastyNumber = fc.oneof(
  fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, -(2 ** 63), 5e-324, -0, 0.1, 1.5),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const nested = (depth: number, inner: unknown): unknown =>
  Array.from({ length: depth }).reduce<unknown>((value) => [value], inner);
const badScalar = fc.oneof(nastyText, nastyNumber, fc.boolean(), fc.constant(null));
const badValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: badScalar },
  { weight: 1, arbitrary: fc.array(badScalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(nastyText, badScalar, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.integer({ min: 2, max: 200 }).map((depth) => nested(depth, { a: 1 })) },
);

const typeOf = (schema: Schema) => [schema.type].flat()[0];

/** A value shaped by the schema most of the time (so the checks behind the first one run), a bad one otherwise. */
function valueFor(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const alternatives = schema?.anyOf ?? schema?.oneOf ?? schema?.allOf;
  let shaped: fc.Arbitrary<unknown> | undefined;
  if (!schema || depth > 4) shaped = undefined;
  else if (schema.enum?.length) shaped = fc.constantFrom(...schema.enum);
  else if (alternatives?.length) shaped = fc.oneof(...alternatives.map((s) => valueFor(s, depth + 1)));
  else if (typeOf(schema) === 'object' && schema.properties) {
    const fields = Object.entries(schema.properties).map(([k, s]) => [k, valueFor(s, depth + 1)] as const);
    shaped = fc.record(Object.fromEntries(fields), { requiredKeys: [] });
  } else if (typeOf(schema) === 'array') shaped = fc.array(valueFor(schema.items, depth + 1), { maxLength: 3 });
  else if (typeOf(schema) === 'string')
    shaped = fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('1', '0.5', '100000', 'BTC', 'SBERRUB', 'ru'));
  else if (typeOf(schema) === 'number' || typeOf(schema) === 'integer') shaped = nastyNumber;
  else if (typeOf(schema) === 'boolean') shaped = fc.boolean();
  return shaped ? fc.oneof({ weight: 3, arbitrary: shaped }, { weight: 1, arbitrary: badValue }) : badValue;
}

/** Text a URL or a form can carry: a lone surrogate has no UTF-8, so it becomes U+FFFD as a browser would send it. */
const text = (value: unknown) =>
  (typeof value === 'string' ? value : (JSON.stringify(value) ?? '')).replace(
    /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    '\ufffd',
  );
/** A URL component: the text encoded, or bytes that decode to nothing valid. */
const urlPart = (value: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 4, arbitrary: value.map((v) => encodeURIComponent(text(v))) },
    { weight: 1, arbitrary: fc.constantFrom('%00', '%', '%zz', '%ED%A0%80', '%C0%80', '%FF', '..', '%2e%2e%2f') },
  );

const BROKEN_JSON = [
  '',
  '{',
  '{"a":',
  '[1,2',
  'nul',
  '"\\u0000"',
  '{"a":1e400}',
  '{"sum":-1e400,"page":1e400}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '\ufeff{}',
  '{"a":"\\ud800"}',
];
const deepText = fc
  .tuple(fc.integer({ min: 100, max: 100_000 }), fc.boolean())
  .map(([depth, proto]) => `${'{"a":['.repeat(depth)}${proto ? '{"constructor":{}}' : '1'}${']}'.repeat(depth)}`);
const MULTIPART = 'multipart/form-data; boundary=xyz';

/** A body and its type: JSON shaped by the schema, JSON broken or deep, a form, multipart, or plain text. */
function bodyFor(schema: Schema | undefined): fc.Arbitrary<{ type: string; payload: string }> {
  const json = (payload: fc.Arbitrary<string>) => payload.map((p) => ({ type: 'application/json', payload: p }));
  const form = valueFor(schema).map((value) => {
    const fields = value && typeof value === 'object' ? Object.entries(value) : [['value', value]];
    const pairs = fields.map(([k, v]): [string, string] => [text(k), text(v)]);
    return { type: 'application/x-www-form-urlencoded', payload: new URLSearchParams(pairs).toString() };
  });
  return fc.oneof(
    { weight: 6, arbitrary: json(valueFor(schema).map((v) => JSON.stringify(v) ?? 'null')) },
    { weight: 2, arbitrary: json(fc.oneof(fc.constantFrom(...BROKEN_JSON), fc.string({ maxLength: 30 }))) },
    { weight: 1, arbitrary: json(deepText) },
    { weight: 2, arbitrary: form },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          'garbage',
          '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n\u0000\r\n--xyz--\r\n',
          '--xyz\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nunterminated',
        )
        .map((payload) => ({ type: MULTIPART, payload })),
    },
    { weight: 1, arbitrary: fc.constantFrom({ type: 'text/plain', payload: 'hello' }) },
  );
}

/** One request to one route: its path parameters, query and body generated from its schemas. */
const requestArb = fc.integer({ min: 0, max: 10_000 }).chain((pick) => {
  const route = routes[pick % routes.length]!;
  const parameters = route.operation.parameters ?? [];
  const pathParams = parameters.filter((p) => p.in === 'path');
  const queryParams = parameters.filter((p) => p.in === 'query');
  const bodySchema = Object.values(route.operation.requestBody?.content ?? {})[0]?.schema;
  return fc.record({
    route: fc.constant(route),
    path: fc.tuple(...pathParams.map((p) => urlPart(valueFor(p.schema)))),
    query: fc.tuple(
      ...queryParams.map((p) => fc.option(urlPart(valueFor(p.schema)), { nil: undefined })),
      fc.option(fc.tuple(urlPart(nastyText), urlPart(nastyText)), { nil: undefined }),
    ),
    body: ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method)
      ? fc.option(bodyFor(bodySchema), { nil: undefined, freq: 6 })
      : fc.constant(undefined),
    signedIn: fc.boolean(),
    lang: fc.constantFrom('ru', 'en', 'xx', '*;q=abc'),
  });
});

it('no route answers bad input with a 5xx', async () => {
  await fc.assert(
    fc.asyncProperty(requestArb, async ({ route, path, query, body, signedIn, lang }) => {
      const pathParams = (route.operation.parameters ?? []).filter((p) => p.in === 'path');
      const url = pathParams.reduce((at, p, i) => at.replace(`{${p.name}}`, path[i]!), route.path);
      const queryParams = (route.operation.parameters ?? []).filter((p) => p.in === 'query');
      const extra = query[queryParams.length] as [string, string] | undefined;
      const search = [
        ...queryParams.flatMap((p, i) => (query[i] === undefined ? [] : [`${p.name}=${query[i]}`])),
        ...(extra ? [`${extra[0]}=${extra[1]}`] : []),
      ].join('&');
      // Logging out would end the admin's session for the rest of the run.
      const asAdmin = signedIn && url !== '/logout';
      const res = await ctx.app.inject({
        method: route.method as 'GET',
        url: search ? `${url}?${search}` : url,
        headers: {
          'accept-language': lang,
          ...(asAdmin && adminHeaders),
          ...(body && { 'content-type': body.type }),
        },
        ...(body && { payload: body.payload }),
      });
      const sent = `${route.method} ${url}?${search} ${body?.type ?? ''} ${body?.payload.slice(0, 300) ?? ''}`;
      // The run may switch the site to maintenance (PUT /api/admin/site-state): that 503 is the product's.
      const maintenance =
        res.statusCode === 503 && (url === '/api/v1/SiteState' || res.json().error?.code === 'maintenance');
      if (!maintenance) expect(res.statusCode, `${sent}\n→ ${res.body.slice(0, 300)}`).toBeLessThan(500);
    }),
    { numRuns: 600 },
  );
}, 60_000);
