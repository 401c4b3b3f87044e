/**
 * A TCP proxy in front of a real service (PostgreSQL, an RPC node) that a test can cut and
 * restore: `down()` drops every open connection and refuses new ones, `up()` accepts again.
 */
import net from 'node:net';

export interface TcpProxy {
  port: number;
  url(scheme?: string): string;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(
  targetPort: number,
  targetHost = '127.0.0.1',
): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, targetHost);
    sockets.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const stopListening = () => new Promise<void>((resolve) => server.close(() => resolve()));
  let listening = true;
  return {
    port,
    url: (scheme = 'http') => `${scheme}://127.0.0.1:${port}`,
    async down() {
      if (!listening) return;
      listening = false;
      const closed = stopListening();
      for (const s of sockets) s.destroy();
      sockets.clear();
      await closed;
    },
    async up() {
      if (listening) return;
      await listen(port);
      listening = true;
    },
    async close() {
      for (const s of sockets) s.destroy();
      if (listening) await stopListening();
      listening = false;
    },
  };
}
