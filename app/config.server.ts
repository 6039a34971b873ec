import path from "node:path";
import { z } from "zod";
import type { S3Config } from "~/modules/media/media.server";
import type { RazorpayConfig } from "~/modules/orders/orders.server";

/** Typed environment: every variable the shop reads, validated once at start-up. Documented in README.md. */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  PUBLIC_URL: z.string().url().optional(),
  AUTH_SECRET: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SEED_DEMO: z.enum(["auto", "always", "never"]).default("auto"),
  LLM_BASE_URL: z.string().url().optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_MODEL: z.string().min(1).default("gpt-4o-mini"),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default("GLACIAL <no-reply@glacial.in>"),
  TRUST_PROXY: z.enum(["true", "false", "1", "0"]).default("false"),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(["true", "false", "1", "0"]).default("true"),
  IMAGE_CACHE_MAX_MB: z.coerce.number().int().min(1).max(1_000_000).default(2048),
  METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),
  METRICS_ALLOW: z.string().default("127.0.0.1,::1"),
  RAZORPAY_KEY_ID: z.string().regex(/^rzp_(test|live)_[A-Za-z0-9]+$/, "RAZORPAY_KEY_ID looks like rzp_live_... or rzp_test_...").optional(),
  RAZORPAY_KEY_SECRET: z.string().min(8).optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(8).optional(),
  RAZORPAY_API_URL: z.string().url().default("https://api.razorpay.com"),
  RAZORPAY_CHECKOUT_URL: z.string().url().default("https://checkout.razorpay.com/v1/checkout.js"),
  CART_REMINDER_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
});

export type AppConfig = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  publicUrl: string;
  authSecret: string | undefined;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  seedDemo: "auto" | "always" | "never";
  /** The support bot's optional phrasing endpoint: only when both LLM_BASE_URL and LLM_API_KEY are set. */
  llm: { baseUrl: string; apiKey: string; model: string } | null;
  /** SMTP server for outgoing mail; unset: mail stays in the outbox staff read in the admin. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** True behind a reverse proxy that sets X-Forwarded-For; otherwise the socket address is the client IP. */
  trustProxy: boolean;
  /** Media in an S3-compatible bucket when S3_BUCKET is set; otherwise on disk under DATA_DIR/media. */
  s3?: S3Config | null;
  /** Cap of DATA_DIR/cache/images (resized images); least recently used files go first. */
  imageCacheMaxBytes: number;
  /** Who may read /metrics: a bearer token, or these client addresses. */
  metrics: { token?: string; allow: string[] };
  /** Online payment (UPI, cards, netbanking) when the three Razorpay keys are set; otherwise only cash on delivery. */
  razorpay?: RazorpayConfig | null;
  /** Minutes after a checkout left with an email before its one reminder mail; 0: no reminders. */
  cartReminderMinutes: number;
};

export class ConfigError extends Error {}

export function readConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(emptyToUndefined(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`invalid configuration: ${issue.path.join(".")}: ${issue.message}`);
  }
  const e = parsed.data;
  if (e.S3_BUCKET && !(e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError("invalid configuration: S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY");
  }
  const razorpayKeys = [e.RAZORPAY_KEY_ID, e.RAZORPAY_KEY_SECRET, e.RAZORPAY_WEBHOOK_SECRET];
  if (razorpayKeys.some(Boolean) && !razorpayKeys.every(Boolean)) {
    throw new ConfigError("invalid configuration: online payment needs all of RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET (or none of them)");
  }
  const port = e.PORT;
  return {
    env: e.NODE_ENV,
    port,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ""),
    authSecret: e.AUTH_SECRET,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    llm: e.LLM_BASE_URL && e.LLM_API_KEY ? { baseUrl: e.LLM_BASE_URL, apiKey: e.LLM_API_KEY, model: e.LLM_MODEL } : null,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    trustProxy: e.TRUST_PROXY === "true" || e.TRUST_PROXY === "1",
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT ?? `https://s3.${e.S3_REGION}.amazonaws.com`,
          accessKeyId: e.S3_ACCESS_KEY_ID!,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === "true" || e.S3_FORCE_PATH_STYLE === "1",
        }
      : null,
    imageCacheMaxBytes: e.IMAGE_CACHE_MAX_MB * 1024 * 1024,
    metrics: {
      token: e.METRICS_TOKEN,
      allow: e.METRICS_ALLOW.split(",").map((a) => a.trim()).filter(Boolean),
    },
    razorpay:
      e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET && e.RAZORPAY_WEBHOOK_SECRET
        ? {
            keyId: e.RAZORPAY_KEY_ID,
            keySecret: e.RAZORPAY_KEY_SECRET,
            webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
            apiUrl: e.RAZORPAY_API_URL.replace(/\/$/, ""),
            checkoutUrl: e.RAZORPAY_CHECKOUT_URL,
          }
        : null,
    cartReminderMinutes: e.CART_REMINDER_MINUTES,
  };
}

function emptyToUndefined(env: NodeJS.ProcessEnv): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(env)) out[k] = v === "" ? undefined : v;
  return out;
}
