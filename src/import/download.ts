import { readFile, stat } from "node:fs/promises";
import { isAbsolute } from "node:path";

/** What the cloud Bot API lets a bot download (grammy-notes "Files"). */
export const TELEGRAM_DOWNLOAD_LIMIT = 20 * 1024 * 1024;

export type DownloadFailure = "too-large" | "failed";

/**
 * A download that did not deliver the file. The message never holds the download URL: it
 * carries the bot token.
 */
export class DownloadError extends Error {
  override name = "DownloadError";
  constructor(
    readonly reason: DownloadFailure,
    message: string,
    /** HTTP status of the file server, when it answered. */
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface DownloadOptions {
  /** The configured Bot API root, http or https, without a trailing slash. */
  apiRoot: string;
  token: string;
  /** `file_path` of getFile. */
  filePath: string;
  /** `file_size` of getFile, when Telegram gave it. */
  fileSize?: number;
  maxBytes: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * Downloads a file of getFile through the configured Bot API root with a size cap checked
 * before (getFile's `file_size`, Content-Length) and during the transfer (the stream is
 * aborted once past the cap). A local Bot API server (`--local`) answers an absolute
 * `file_path`: that file is read from disk under the same cap.
 */
export async function downloadTelegramFile(options: DownloadOptions): Promise<Uint8Array> {
  const { maxBytes } = options;
  if (options.fileSize !== undefined && options.fileSize > maxBytes) {
    throw new DownloadError("too-large", `file of ${options.fileSize} bytes is over the cap`);
  }
  if (isAbsolute(options.filePath)) return readLocalFile(options.filePath, maxBytes);

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 60_000);
  const url = `${options.apiRoot}/file/bot${options.token}/${encodeURI(options.filePath)}`;
  try {
    let response: Response;
    try {
      response = await (options.fetch ?? fetch)(url, { signal: controller.signal });
    } catch (error) {
      // The error of fetch may quote the URL: only its kind goes on.
      throw new DownloadError("failed", `download failed: ${kindOf(error)}`);
    }
    if (!response.ok) {
      await response.body?.cancel().catch(ignoreCancel);
      throw new DownloadError(
        "failed",
        `download failed: HTTP ${response.status}`,
        response.status,
      );
    }
    const declared = Number(response.headers.get("content-length") ?? Number.NaN);
    if (Number.isFinite(declared) && declared > maxBytes) {
      await response.body?.cancel().catch(ignoreCancel);
      throw new DownloadError("too-large", `file of ${declared} bytes is over the cap`);
    }
    return await readCapped(response, maxBytes, controller);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Cancelling a body we no longer read only frees the connection sooner: if it fails, the
 * download is refused all the same and the aborted request is dropped by the runtime.
 */
function ignoreCancel(_error: unknown): void {}

async function readCapped(
  response: Response,
  maxBytes: number,
  controller: AbortController,
): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        controller.abort();
        await reader.cancel().catch(ignoreCancel);
        throw new DownloadError("too-large", `file is over the cap of ${maxBytes} bytes`);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof DownloadError) throw error;
    throw new DownloadError("failed", `download interrupted: ${kindOf(error)}`);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

async function readLocalFile(path: string, maxBytes: number): Promise<Uint8Array> {
  try {
    const info = await stat(path);
    if (info.size > maxBytes) {
      throw new DownloadError("too-large", `file of ${info.size} bytes is over the cap`);
    }
    return new Uint8Array(await readFile(path));
  } catch (error) {
    if (error instanceof DownloadError) throw error;
    throw new DownloadError("failed", `local file not readable: ${kindOf(error)}`);
  }
}

function kindOf(error: unknown): string {
  if (!(error instanceof Error)) return "error";
  const code =
    (error.cause as { code?: unknown } | undefined)?.code ?? (error as { code?: unknown }).code;
  if (error.name === "AbortError" || error.name === "TimeoutError") return "timeout";
  return typeof code === "string" ? `${error.name} ${code}` : error.name;
}
