/**
 * Drives the web chat in a real browser: the Debian `chromium` binary through playwright-core
 * (which downloads no browser). Used by the browser test and the README screenshot.
 */
import { existsSync, readFileSync } from "node:fs";
import { basename } from "node:path";
import { chromium, type Page } from "playwright-core";

const CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

/** The Chromium binary to use: CHROMIUM_PATH, else the Debian package's; undefined if none. */
export function findChromium(): string | undefined {
  const wanted = process.env.CHROMIUM_PATH?.trim();
  if (wanted) return existsSync(wanted) ? wanted : undefined;
  return CANDIDATES.find((path) => existsSync(path));
}

export interface Browser {
  page: Page;
  close(): Promise<void>;
}

/** A headless Chromium that opens pages, each in a context of its own (no shared storage). */
export interface Chromium {
  open(viewport?: { width: number; height: number }): Promise<Browser>;
  close(): Promise<void>;
}

/** A headless Chromium, nothing fetched from the network by itself. */
export async function startChromium(executablePath: string): Promise<Chromium> {
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  return {
    async open(viewport = { width: 820, height: 1000 }) {
      const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
      try {
        return { page: await context.newPage(), close: () => context.close() };
      } catch (error) {
        await context.close().catch(() => {});
        throw error;
      }
    },
    close: () => browser.close(),
  };
}

/** One page in a headless Chromium of its own, closed with it. */
export async function launchBrowser(
  executablePath: string,
  viewport = { width: 820, height: 1000 },
): Promise<Browser> {
  const started = await startChromium(executablePath);
  try {
    const { page, close } = await started.open(viewport);
    return {
      page,
      async close() {
        await close();
        await started.close();
      },
    };
  } catch (error) {
    await started.close().catch(() => {});
    throw error;
  }
}

/** What a person does in the web chat, step by step. */
export class ChatPage {
  constructor(readonly page: Page) {}

  async open(url: string, lang: string): Promise<void> {
    await this.page.goto(`${url}?lang=${lang}`);
    await this.page.locator("#start:not([hidden])").waitFor();
  }

  /** A bot message containing `text` (the newest), once it is shown. */
  botMessage(text: string | RegExp) {
    return this.page.locator(".msg.bot", { hasText: text }).last();
  }

  /** Waits until a bot message containing `text` is shown; the default is a net for a loaded machine. */
  async waitForBot(text: string | RegExp, timeout = 45_000): Promise<void> {
    await this.botMessage(text).waitFor({ timeout });
  }

  async link(): Promise<void> {
    await this.page.click("#link");
  }

  async type(text: string): Promise<void> {
    await this.page.fill("#text", text);
    await this.page.press("#text", "Enter");
  }

  /** Clicks the newest inline button whose label contains `label`. */
  async press(label: string | RegExp): Promise<void> {
    await this.page.locator(".inline button", { hasText: label }).last().click();
  }

  async sendFile(path: string): Promise<void> {
    await this.page.setInputFiles("#file", path);
  }

  /** Drags a file from the desktop and drops it on the page. */
  async dropFile(path: string): Promise<void> {
    // Built in the page (a string, so no DOM types are needed here): a File in a DataTransfer.
    const transfer = await this.page.evaluateHandle(`(() => {
      const bytes = Uint8Array.from(atob(${JSON.stringify(readFileSync(path).toString("base64"))}), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], ${JSON.stringify(basename(path))}));
      return transfer;
    })()`);
    await this.page.dispatchEvent("#app", "dragenter", { dataTransfer: transfer });
    await this.page.locator("#drop:not([hidden])").waitFor();
    await this.page.dispatchEvent("#app", "drop", { dataTransfer: transfer });
  }

  async setLanguage(code: string): Promise<void> {
    await this.page.selectOption("#lang", code);
  }

  /** The command menu as shown (`/command description` lines). */
  async menu(): Promise<string[]> {
    await this.page.click("#menu");
    const items = await this.page.locator("#commands button").allInnerTexts();
    await this.page.click("#menu");
    return items.map((s) => s.replace(/\s+/g, " ").trim());
  }
}
