// CI's Redis: prints its URL when one answers PING on loopback (nothing otherwise), for the REDIS_URL tests.
import net from 'node:net';

const url = new URL(process.env.CI_REDIS_URL ?? 'redis://127.0.0.1:6379');
const socket = net.connect({ host: url.hostname, port: Number(url.port || 6379) });
socket.setTimeout(2_000, () => socket.destroy());
socket.on('error', () => {});
socket.on('connect', () => socket.write('PING\r\n'));
socket.on('data', (data) => {
  if (data.toString().startsWith('+PONG')) console.log(url.toString());
  socket.end();
});
