import { type ChildProcessByStdio, spawn } from "node:child_process";
import type { Socket } from "node:net";
import { createInterface, type Interface } from "node:readline";
import type { Readable, Writable } from "node:stream";

/**
 * Runs each program it reads (a JSON line: the program and its `sys.argv[1:]`) with fresh
 * globals and answers a JSON line with what it printed, or the traceback. openpyxl is imported
 * once, up front: the first line says whether that worked.
 */
const SERVER = `
import contextlib, io, json, sys, traceback
try:
    import openpyxl
except ImportError:
    print(json.dumps({"ready": False}), flush=True)
    sys.exit(0)
print(json.dumps({"ready": True}), flush=True)
for line in sys.stdin:
    request = json.loads(line)
    out = io.StringIO()
    try:
        sys.argv = ["-c", *request["args"]]
        with contextlib.redirect_stdout(out):
            exec(compile(request["program"], "<test>", "exec"), {"__name__": "__main__"})
        answer = {"ok": True, "out": out.getvalue()}
    except BaseException:
        answer = {"ok": False, "out": out.getvalue(), "error": traceback.format_exc()}
    sys.__stdout__.write(json.dumps(answer) + "\\n")
    sys.__stdout__.flush()
`;

interface Answer {
  ok: boolean;
  out: string;
  error?: string;
}

/**
 * One Python process with openpyxl for the programs of a test process (a real spreadsheet
 * program's library reading and editing the bot's files). Starting Python and importing
 * openpyxl is about 0.2 s of CPU, most of what one program costs; here it is paid once per
 * test process. Programs run one after another, each with globals of its own. The process
 * never keeps the test process alive, and ends with it (its stdin closes).
 */
class PythonRunner {
  private readonly pending: ((answer: Answer) => void)[] = [];
  private exited = false;

  constructor(
    private readonly child: ChildProcessByStdio<Writable, Readable, null>,
    lines: Interface,
  ) {
    lines.on("line", (line) => {
      // Python may write a line's end apart from its text: only whole lines are answers.
      if (line.trim() !== "") this.pending.shift()?.(JSON.parse(line) as Answer);
    });
    child.on("exit", () => {
      this.exited = true;
      for (const answer of this.pending.splice(0)) {
        answer({ ok: false, out: "", error: "python exited" });
      }
    });
    // Writing to a Python that has exited fails here; its answer says so (above, or in run).
    child.stdin.on("error", () => {});
    // The pipes are sockets: unreferenced, they do not hold the test process open either.
    child.unref();
    for (const pipe of [child.stdin, child.stdout]) (pipe as unknown as Socket).unref();
  }

  async run(program: string, args: string[]): Promise<string> {
    const answer = await new Promise<Answer>((resolve) => {
      if (this.exited) return resolve({ ok: false, out: "", error: "python exited" });
      this.pending.push(resolve);
      this.child.stdin.write(`${JSON.stringify({ program, args })}\n`);
    });
    if (!answer.ok) throw new Error(`python failed:\n${answer.error}\n${answer.out}`);
    return answer.out;
  }
}

/** Starts the server with `python`; undefined when it cannot start or has no openpyxl. */
async function startWith(python: string): Promise<PythonRunner | undefined> {
  // Its warnings are not read (a pipe nobody reads would fill and stop it); a failing program's
  // traceback comes back in its answer.
  const child = spawn(python, ["-u", "-c", SERVER], { stdio: ["pipe", "pipe", "ignore"] });
  const lines = createInterface({ input: child.stdout });
  const ready = await new Promise<boolean>((resolve) => {
    child.once("error", () => resolve(false));
    child.once("exit", () => resolve(false));
    lines.once("line", (line) => resolve(line.includes('"ready": true')));
  });
  if (!ready) {
    child.kill();
    return undefined;
  }
  return new PythonRunner(child, lines);
}

let started: Promise<PythonRunner | undefined> | undefined;

/**
 * This test process's Python with openpyxl (the system one where python3-openpyxl is
 * installed, first), started on first use; undefined when there is none.
 */
export function openpyxlRunner(): Promise<PythonRunner | undefined> {
  started ??= (async () => (await startWith("/usr/bin/python3")) ?? (await startWith("python3")))();
  return started;
}

/** Runs a Python program with openpyxl importable; what it printed. Throws when it fails. */
export async function runWithOpenpyxl(program: string, args: string[]): Promise<string> {
  const runner = await openpyxlRunner();
  if (!runner) throw new Error("no python3 with openpyxl: apt-get install -y python3-openpyxl");
  return runner.run(program, args);
}
