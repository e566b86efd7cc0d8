/**
 * Scripted sessions (`npm run demo -- --script FILE`): one input per line, played against the
 * real bot; after each input the player waits until the bot has answered, then writes down what
 * changed in the chat. The line syntax is in docs/demo.md; the transcripts of demo/scripts/ are
 * golden files in demo/transcripts/ (test/end-to-end/demo-script.test.ts).
 */
import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { DemoChat } from "./chat.js";
import type { DemoStack } from "./stack.js";
import { TranscriptWriter } from "./transcript.js";

export type ScriptStep =
  | { kind: "send"; text: string }
  | { kind: "press"; label: string; optional: boolean }
  | { kind: "file"; path: string }
  | { kind: "lang"; code: string }
  | { kind: "link" }
  | { kind: "order" }
  | { kind: "wait"; what: "answer" | "import" };

export class ScriptError extends Error {
  override name = "ScriptError";
}

/** The line patterns, in the order they are tried; each builds its step from the match. */
const LINES: [RegExp, (m: RegExpExecArray, baseDir: string) => ScriptStep | string][] = [
  [/^>\s?(.*\S.*)$/, (m) => ({ kind: "send", text: m[1]!.trim() })],
  [/^\[(.+)\](\?)?$/, (m) => ({ kind: "press", label: m[1]!, optional: m[2] === "?" })],
  [
    /^file\s+(.+)$/,
    (m, baseDir) => {
      const path = existsSync(m[1]!) ? resolve(m[1]!) : resolve(baseDir, m[1]!);
      return existsSync(path) ? { kind: "file", path } : "no such file";
    },
  ],
  [/^lang\s+([a-z]{2})$/, (m) => ({ kind: "lang", code: m[1]! })],
  [/^link$/, () => ({ kind: "link" })],
  [/^order$/, () => ({ kind: "order" })],
  [/^wait(?:\s+(import))?$/, (m) => ({ kind: "wait", what: m[1] ? "import" : "answer" })],
];

/** Parses a script; `baseDir` resolves file paths not found from the working folder. */
export function parseScript(source: string, baseDir = "."): ScriptStep[] {
  const steps: ScriptStep[] = [];
  source.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) return;
    let outcome: ScriptStep | string = "not a script line";
    for (const [pattern, build] of LINES) {
      const match = pattern.exec(line);
      if (match) {
        outcome = build(match, baseDir);
        break;
      }
    }
    if (typeof outcome === "string") throw new ScriptError(`line ${i + 1}: ${outcome}: ${line}`);
    steps.push(outcome);
  });
  return steps;
}

function echo(step: ScriptStep): string {
  switch (step.kind) {
    case "send":
      return `> ${step.text}`;
    case "press":
      return `> [${step.label}]`;
    case "file":
      return `> 📎 ${step.path.split(/[\\/]/).pop()}`;
    case "lang":
      return `# Telegram language: ${step.code}`;
    case "link":
      return "> (opens the link from the seller cabinet: /start <token>)";
    case "order":
      return "# a new order arrives in the Seller API";
    case "wait":
      return step.what === "import" ? "# …waiting for the import to finish" : "# …";
  }
}

/** Plays the steps in a new chat; returns the transcript (one string, lines joined). */
export async function playScript(
  stack: DemoStack,
  steps: ScriptStep[],
  options: { languageCode?: string; maxLines?: number } = {},
): Promise<string> {
  const chat = new DemoChat(stack, options.languageCode ?? "ru");
  const writer = new TranscriptWriter(options.maxLines);
  const lines: string[] = [];
  for (const [i, step] of steps.entries()) {
    stack.scriptClock?.startStep(i + 1);
    lines.push(echo(step));
    switch (step.kind) {
      case "send":
        await chat.send(step.text);
        break;
      case "press":
        if (!(await chat.pressLabel(step.label)) && !step.optional) {
          throw new ScriptError(`no button "${step.label}"\n${lines.join("\n")}`);
        }
        break;
      case "file":
        await chat.sendFile(step.path);
        break;
      case "lang":
        chat.setLanguage(step.code);
        break;
      case "link":
        await chat.link();
        break;
      case "order":
        stack.sandbox.addOrder();
        break;
      case "wait":
        if (step.what === "import") await chat.untilImportsDone();
        break;
    }
    await chat.untilAnswered();
    // Before a wait for the import, its status message may or may not have come and been
    // edited yet (the sending runs outside updates): what changed is written after the wait,
    // each message as it ended, so the transcript does not depend on the machine's speed.
    const next = steps[i + 1];
    if (next?.kind === "wait" && next.what === "import") continue;
    lines.push(...writer.changes(chat.messages(), chat.user.callbackAnswers()));
  }
  return `${lines.join("\n")}\n`;
}

export function scriptBaseDir(file: string): string {
  return dirname(resolve(file));
}
