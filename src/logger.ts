import pino, { type DestinationStream, type Logger } from "pino";

export type { Logger };

/** Paths that may carry a secret anywhere in a log object; pino replaces them. */
const REDACT_PATHS = [
  "token",
  "*.token",
  "botToken",
  "*.botToken",
  "authorization",
  "*.authorization",
  "headers.authorization",
  "*.headers.authorization",
  "clientSecret",
  "*.clientSecret",
  "client_secret",
  "*.client_secret",
  "accessToken",
  "*.accessToken",
];

/**
 * Secrets by their shape, wherever they appear in a log line (error texts, causes, stacks,
 * URLs). The line is JSON text, so a quote ends a value.
 */
const SECRET_SHAPES: [RegExp, string][] = [
  // A bot token, in a Bot API URL (`/bot123:ABC/sendMessage`) or alone.
  [/bot\d+:[A-Za-z0-9_-]+/g, "bot[redacted]"],
  [/\b\d{5,}:[A-Za-z0-9_-]{8,}/g, "[redacted]"],
  // Authorization headers and bearer tokens, however they were serialised.
  [/(\\?"?authorization\\?"?\s*[:=]\s*\\?"?)[^"\\,}]+/gi, "$1[redacted]"],
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g, "$1 [redacted]"],
  // Client credentials and tokens in request bodies or query strings.
  [
    /((?:client_secret|clientSecret|access_?token|accessToken|refresh_?token|password|token)\\?"?\s*[:=]\s*\\?"?)[^"\\&,}\s]+/gi,
    "$1[redacted]",
  ],
  // Link tokens: a deep link or a command that carries one.
  [/([?&]start=)[^"\\&\s]+/g, "$1[redacted]"],
  [/(\/(?:start|link)(?:@\w+)?\s+)[^"\\\s]+/g, "$1[redacted]"],
];

export interface LoggerOptions {
  /** Values that must never be written (the bot token, the API token, the client secret). */
  secrets?: readonly string[];
}

/**
 * pino with one redaction step for everything it writes: named fields are censored, errors are
 * serialised with their causes, and every finished line is scrubbed of secrets by value and by
 * shape, so a token inside an error text, a nested cause or a stack never reaches the output.
 */
export function createLogger(
  level: string,
  destination?: DestinationStream,
  options: LoggerOptions = {},
): Logger {
  const secrets = [...(options.secrets ?? [])];
  return pino(
    {
      level,
      base: undefined,
      redact: { paths: REDACT_PATHS, censor: "[redacted]" },
      serializers: { err: serializeError, error: serializeError },
      formatters: { level: (label) => ({ level: label }) },
      timestamp: pino.stdTimeFunctions.isoTime,
      hooks: { streamWrite: (line) => scrubSecrets(line, secrets) },
    },
    destination,
  );
}

/**
 * An error as plain data: name, message, code, stack and the errors it wraps (`cause`, and
 * grammY's `HttpError.error`), a few levels deep. Values that are not errors pass as they are.
 */
export function serializeError(value: unknown, depth = 0): unknown {
  if (!(value instanceof Error)) return value;
  const error = value as Error & { code?: unknown; status?: unknown; error?: unknown };
  const out: Record<string, unknown> = { type: error.name, message: error.message };
  if (typeof error.code === "string" || typeof error.code === "number") out.code = error.code;
  if (typeof error.status === "number") out.status = error.status;
  if (error.stack) out.stack = error.stack;
  if (depth < 4) {
    if (error.cause !== undefined) out.cause = serializeError(error.cause, depth + 1);
    if (error.error !== undefined) out.error = serializeError(error.error, depth + 1);
  }
  return out;
}

/** The secrets of a configuration, for `createLogger`. */
export function secretsOf(config: {
  botToken: string;
  sellerAuth: { kind: "token"; token: string } | { kind: "client"; clientSecret: string };
}): string[] {
  return [
    config.botToken,
    config.botToken.split(":")[1] ?? "",
    config.sellerAuth.kind === "token" ? config.sellerAuth.token : config.sellerAuth.clientSecret,
  ];
}

/**
 * Removes secrets from free text: the given values (and their JSON-escaped forms), then
 * anything shaped like a bot token, an authorization header, a client secret or a link token.
 */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length < 6) continue;
    out = out.split(secret).join("[redacted]");
    const escaped = JSON.stringify(secret).slice(1, -1);
    if (escaped !== secret) out = out.split(escaped).join("[redacted]");
  }
  for (const [shape, replacement] of SECRET_SHAPES) out = out.replace(shape, replacement);
  return out;
}
