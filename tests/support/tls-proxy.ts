import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export type TlsProxy = { url: string; port: number; stop(): Promise<void> };

const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";

/**
 * nginx terminating TLS on 127.0.0.1:`port` with a throwaway self-signed certificate for
 * localhost, forwarding to the shop on `upstreamPort` with exactly the headers the README's
 * deployment section configures (Host, X-Forwarded-For, X-Forwarded-Proto; no buffering for
 * server-sent events).
 */
export async function startTlsProxy(port: number, upstreamPort: number): Promise<TlsProxy> {
  if (!fs.existsSync(NGINX)) throw new Error(`nginx is needed for this test (apt-get install nginx-light); not found at ${NGINX}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "glacial-tls-"));
  const cert = path.join(dir, "cert.pem");
  const key = path.join(dir, "key.pem");
  execFileSync("openssl", [
    "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
    "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1", "-keyout", key, "-out", cert,
  ], { stdio: "ignore" });
  const conf = path.join(dir, "nginx.conf");
  fs.writeFileSync(
    conf,
    `${process.getuid?.() === 0 ? "user root;\n" : ""}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port} ssl;
    ssl_certificate ${cert};
    ssl_certificate_key ${key};
    client_max_body_size 12m;
    location / {
      proxy_pass http://127.0.0.1:${upstreamPort};
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header Connection "";
      proxy_buffering off;
      proxy_read_timeout 1h;
    }
  }
}
`,
  );
  const proc: ChildProcess = spawn(NGINX, ["-p", dir, "-c", conf, "-g", "daemon off;"], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  proc.stderr!.on("data", (d) => (stderr += d));
  const url = `https://localhost:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`nginx exited: ${stderr}${fs.existsSync(`${dir}/error.log`) ? fs.readFileSync(`${dir}/error.log`, "utf8") : ""}`);
    try {
      const net = await import("node:net");
      await new Promise<void>((resolve, reject) => {
        const s = net.connect(port, "127.0.0.1", () => (s.destroy(), resolve()));
        s.once("error", reject);
      });
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not start: ${stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    port,
    async stop() {
      if (proc.exitCode === null) {
        proc.kill("SIGTERM");
        await new Promise((r) => proc.once("exit", r));
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
