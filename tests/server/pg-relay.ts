import net from 'node:net';

/**
 * A TCP relay to PostgreSQL that a test can cut, as a network partition or a database restart would: every
 * open connection is dropped and new ones are refused (accepted, then closed at once) until `restore`.
 */
export async function relayTo(target: URL) {
  const sockets = new Set<net.Socket>();
  let open = true;
  const server = net.createServer((client) => {
    if (!open) return client.destroy();
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    port: address.port,
    cut: () => {
      open = false;
      for (const s of sockets) s.destroy();
    },
    restore: () => {
      open = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
