import { readFileSync, writeFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { parseScript, playScript, ScriptError } from "../../demo/script.js";
import { type DemoStack, startDemo } from "../../demo/stack.js";
import { TranscriptWriter } from "../../demo/transcript.js";
import type { ChatMessageView } from "../../doubles/telegram/index.js";

// The demo's scripted sessions, played against the real bot, the sandbox and the emulator in
// this process; the transcript is what a person would read in the chat. Each script runs in a
// fresh demo on the script clock (demo/clock.ts), as `npm run demo -- --script` runs it, and
// its whole transcript must equal its golden file in demo/transcripts/.

const REGENERATE = "UPDATE_GOLDEN=1 npx vitest run test/end-to-end/demo-script.test.ts";

const stacks: DemoStack[] = [];
afterAll(async () => {
  await Promise.all(stacks.map((s) => s.stop()));
});

/** A locale text as the chat shows it (tags stripped, entities decoded). */
const shown = (locale: string, key: string, args?: Record<string, string | number>) =>
  stacks[0]!.app.i18n
    .t(locale, key, args)
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/[\u2068\u2069]/g, "");

describe("npm run demo -- --script", () => {
  for (const [locale, pageTwo] of [
    ["ru", "Заказы · стр. 2 из 10"],
    ["kk", "Тапсырыстар · 10 беттің 2-беті"],
  ] as const) {
    // Each script in its own demo (its own chat, clock, sandbox and emulator), the two side by
    // side: most of their time is the chat's pace, ~1 message a second, as in Telegram.
    it.concurrent(`plays demo/scripts/${locale}.txt: linking, orders paging, an import with its summary`, async () => {
      const stack = await startDemo({ logLevel: "silent", scripted: true });
      stacks.push(stack);
      const steps = parseScript(readFileSync(`demo/scripts/${locale}.txt`, "utf8"));
      const transcript = await playScript(stack, steps);

      const lines = transcript.split("\n");
      const replyTo = (input: string) => lines.slice(lines.indexOf(input) + 1).join("\n");

      // Linked in one step, greeted in the chat's language.
      expect(replyTo("> (opens the link from the seller cabinet: /start <token>)")).toMatch(
        new RegExp(`^bot: ${shown(locale, "link-success")}`),
      );
      // Orders paged forward (an edit in place) and back to page 1.
      expect(replyTo("> [›]")).toMatch(new RegExp(`^bot ✎ ${pageTwo}`));
      expect(replyTo("> [‹]")).toMatch(/^bot ✎ .*1/);
      expect(replyTo("> [‹]")).toContain("№ 7100001");
      // The product card of the seeded phone, with its photo.
      expect(replyTo("> [Samsung Galaxy A55]")).toMatch(/^bot: 🖼 https:\/\/cdn\.example\.kz\//);
      // Nothing is sent before the seller confirms: the bot shows how it read the file, the
      // first product as it will be sent, and the import button (pressed by the script).
      const file = replyTo("> 📎 products-with-errors.csv");
      const confirmation = file.slice(0, file.indexOf("\n> "));
      expect(confirmation).toContain(shown(locale, "import-reading-title"));
      expect(confirmation).toContain(shown(locale, "import-first-title"));
      expect(confirmation).toContain(`[${shown(locale, "import-button-import", { valid: 4 })}]`);
      const title = shown(locale, "jobs-summary-title", { file: "products-with-errors.csv" });
      expect(confirmation).not.toContain(title);
      // The file's problems, then the summary after the valid rows were imported.
      expect(transcript).toContain(title);
      // The API's error in the bot's own sentence (its code and English text never shown).
      expect(transcript).toContain(shown(locale, "api-code-brand-not-found"));
      expect(transcript).not.toContain("BRAND_NOT_FOUND");
      // The Seller API received one import request of the 4 valid products.
      const sent = stack.sandbox.requestsTo("/api/seller/v1/products/import");
      const posts = sent.filter((r) => r.method === "POST");
      expect(posts).toHaveLength(1);
      expect((posts[0]!.body as { products: unknown[] }).products).toHaveLength(4);
      // Times come from the script clock: the import at its step's minute, whenever this runs.
      expect(replyTo("> /jobs")).toContain("20.11.2026 21:");

      // Word for word what the golden file shows (docs/demo.md shows the files).
      const golden = `demo/transcripts/${locale}.txt`;
      if (process.env.UPDATE_GOLDEN === "1") writeFileSync(golden, transcript);
      expect(
        transcript,
        `the transcript of demo/scripts/${locale}.txt differs from ${golden}; if the change is ` +
          `meant, regenerate the golden files: ${REGENERATE}`,
      ).toBe(readFileSync(golden, "utf8"));
    });
  }

  it("names a line it cannot read", () => {
    expect(() => parseScript("> /orders\npress the button\n")).toThrow(ScriptError);
    expect(() => parseScript("> /orders\npress the button\n")).toThrow(/line 2/);
    expect(parseScript("# c\n\n[Далее ›]?\nwait import\nlang kk\n")).toEqual([
      { kind: "press", label: "Далее ›", optional: true },
      { kind: "wait", what: "import" },
      { kind: "lang", code: "kk" },
    ]);
  });

  it("--brief keeps 4 paragraphs of at most 7 lines; an edit of the buttons only is one line", () => {
    const paragraph = (n: number, lines: number) =>
      Array.from({ length: lines }, (_, i) => `p${n} line ${i + 1}`).join("\n");
    const text = [1, 2, 3, 4, 5].map((n) => paragraph(n, n === 2 ? 9 : 2)).join("\n\n");
    const view = (edited: number, keyboard: boolean) =>
      ({
        messageId: 1,
        from: "bot",
        text,
        edited,
        deleted: false,
        ...(keyboard && {
          inlineKeyboard: [[{ text: "✅ Импортировать (4)", callback_data: "i" }]],
        }),
      }) as unknown as ChatMessageView;
    const writer = new TranscriptWriter(7);
    const [first] = writer.changes([view(0, true)], []);
    expect(first).toContain("p2 line 7");
    expect(first).not.toContain("p2 line 8");
    expect(first).toContain("… (2 more lines)");
    expect(first).toContain("p4 line 2");
    expect(first).not.toContain("p5");
    expect(first).toContain("… (3 more lines)");
    expect(first!.split("\n").at(-1)).toBe("     [✅ Импортировать (4)]");
    expect(writer.changes([view(1, false)], [])).toEqual([
      'bot ✎ (buttons removed from "p1 line 1")',
    ]);
  });
});
