// A bare node:http server that answers every request with the bytes the product gave for one URL:
// the same status, headers and body, and no work at all. A read line's twin shows how far a
// server can go with that answer on this machine and this load generator (autocannon reads every
// body into a string, and a body with Cyrillic in it costs it more than ASCII of the same size).
import { get, createServer } from 'node:http';

// Node writes these itself, per connection or per answer.
const OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

const source = await new Promise((resolve, reject) => {
  // node:http sends only Host and Connection, as autocannon does: no Accept-Encoding or -Language.
  get(process.env.SOURCE_URL, (res) => {
    const chunks = [];
    res.on('data', (chunk) => chunks.push(chunk));
    res.on('end', () => resolve({ status: res.statusCode, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks) }));
  }).on('error', reject);
});
// A flat list of names and values, as writeHead takes it.
const headers = [];
for (let i = 0; i < source.rawHeaders.length; i += 2) {
  if (!OWN_HEADERS.has(source.rawHeaders[i].toLowerCase())) headers.push(...source.rawHeaders.slice(i, i + 2));
}

createServer((_req, res) => {
  res.writeHead(source.status, headers);
  res.end(source.body);
}).listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));
