import net from "node:net";

// Fault doubles for `npm run chaos`: a mail server that can hang or work, and a TCP proxy that can
// drop every connection to PostgreSQL and refuse new ones for a while, as a database restart does.

export type FakeSmtp = {
  port: number;
  url: string;
  /** "hang": accepts the connection and never says a word; "ok": a minimal working SMTP server. */
  mode: "hang" | "ok";
  /** Messages accepted in "ok" mode: the raw DATA of each. */
  delivered: string[];
  close(): Promise<void>;
};

export async function startFakeSmtp(mode: FakeSmtp["mode"]): Promise<FakeSmtp> {
  const sockets = new Set<net.Socket>();
  const fake: FakeSmtp = { port: 0, url: "", mode, delivered: [], close: async () => {} };
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    if (fake.mode === "hang") return;
    let inData = false;
    let data = "";
    let buffer = "";
    socket.write("220 fake.smtp ESMTP ready\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("latin1");
      let end: number;
      while ((end = buffer.indexOf("\r\n")) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === ".") {
            inData = false;
            fake.delivered.push(data);
            data = "";
            socket.write("250 2.0.0 queued\r\n");
          } else data += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") socket.write("250-fake.smtp\r\n250 8BITMIME\r\n");
        else if (verb === "DATA") {
          inData = true;
          socket.write("354 go ahead\r\n");
        } else if (verb === "QUIT") {
          socket.write("221 bye\r\n");
          socket.end();
        } else socket.write("250 2.0.0 ok\r\n");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.port = (server.address() as net.AddressInfo).port;
  fake.url = `smtp://127.0.0.1:${fake.port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return fake;
}

export type OutageProxy = {
  port: number;
  /** Drops every open connection and refuses new ones until `restore`. */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
};

/** A TCP proxy to `target`; `cut()` is a database restart as its clients see it. */
export async function startOutageProxy(target: { host: string; port: number }): Promise<OutageProxy> {
  const pairs = new Set<[net.Socket, net.Socket]>();
  let down = false;
  const server = net.createServer((client) => {
    client.on("error", () => {});
    if (down) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    upstream.on("error", () => client.destroy());
    client.on("error", () => upstream.destroy());
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on("close", drop);
    upstream.on("close", drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    cut() {
      down = true;
      for (const [a, b] of pairs) {
        a.destroy();
        b.destroy();
      }
      pairs.clear();
    },
    restore() {
      down = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const [a, b] of pairs) {
          a.destroy();
          b.destroy();
        }
        server.close(() => resolve());
      }),
  };
}
