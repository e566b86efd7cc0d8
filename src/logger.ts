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

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      redact: { paths: REDACT_PATHS, censor: "[redacted]" },
      formatters: { level: (label) => ({ level: label }) },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}

/**
 * Removes a bot token from free text (grammY puts the request URL, token included,
 * into some error messages).
 */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let out = text.replace(/bot\d+:[A-Za-z0-9_-]+/g, "bot[redacted]");
  for (const secret of secrets) {
    if (secret.length >= 6) out = out.split(secret).join("[redacted]");
  }
  return out;
}
