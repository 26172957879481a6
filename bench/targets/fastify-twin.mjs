// A bare Fastify route that sends, for each URL, the status, headers and body the product answered
// to it (captured by the bench just before): no hooks, no schema, no work but finding the answer.
// A read line divides the product by it, so the line is the cost of the product's own hooks and
// handler, not a race against the framework (issue 32).
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const { route, answers } = JSON.parse(readFileSync(process.env.ANSWERS_FILE, 'utf8'));
const byUrl = new Map(answers.map((answer) => [answer.path, { ...answer, body: Buffer.from(answer.body, 'base64') }]));

const app = Fastify({ logger: false });
// The product's own route pattern, so the router and the query parsing are the framework's too.
app.get(route, (request, reply) => {
  const answer = byUrl.get(request.url);
  if (answer) reply.code(answer.status).headers(answer.headers).send(answer.body);
  else reply.code(404).send();
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
