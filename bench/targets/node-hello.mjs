// The floor of the machine: a bare node:http hello-world.
import { createServer } from 'node:http';

const body = JSON.stringify({ hello: 'world' });
createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));
