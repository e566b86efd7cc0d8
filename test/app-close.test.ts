import { AsyncLocalStorage } from "node:async_hooks";
import { afterEach, describe, expect, it, vi } from "vitest";
import { send } from "./support/chat.js";
import { linkUser, startInProcess } from "./support/harness.js";

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * Node 20 keeps every enabled AsyncLocalStorage in one list and walks it on each promise the
 * process creates: a scope left enabled by a closed app slows everything after it (a process
 * that starts apps again, such as a test worker or an embedding host, gets slower with each).
 */
describe("closing the app", () => {
  it("ends every per-update scope it ran (the Seller API deadline)", async () => {
    const ran = new Set<AsyncLocalStorage<unknown>>();
    const disabled = new Set<AsyncLocalStorage<unknown>>();
    const run = AsyncLocalStorage.prototype.run;
    vi.spyOn(AsyncLocalStorage.prototype, "run").mockImplementation(function (
      this: AsyncLocalStorage<unknown>,
      ...args: Parameters<typeof run>
    ) {
      ran.add(this);
      return run.apply(this, args);
    });
    const disable = AsyncLocalStorage.prototype.disable;
    vi.spyOn(AsyncLocalStorage.prototype, "disable").mockImplementation(function (
      this: AsyncLocalStorage<unknown>,
    ) {
      disabled.add(this);
      return disable.apply(this);
    });

    const h = await startInProcess();
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    expect((await send(user, "/orders")).text).toContain("стр. 1 из");
    await h.stop();

    expect(ran.size).toBeGreaterThanOrEqual(1);
    expect([...ran].filter((scope) => !disabled.has(scope))).toEqual([]);
  });
});
