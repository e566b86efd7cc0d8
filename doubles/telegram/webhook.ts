// Webhook delivery: POSTs queued updates one at a time to the registered URL, with the secret
// header, and retries failures briefly like Telegram (which keeps retrying for much longer; a
// test double gives up after a few attempts so a broken bot fails fast instead of hanging).
import type { EmulatorState } from "./state.js";
import type { TgUpdate, WebhookInfo } from "./types.js";

const RETRY_DELAYS_MS = [50, 100, 200, 400];
const DELIVERY_TIMEOUT_MS = 10_000;

/** grammY's webhookReply puts an API call into the webhook response body. */
export type WebhookReply = (method: string, params: Record<string, unknown>) => Promise<void>;

export class WebhookDeliverer {
  lastError: { date: number; message: string } | undefined;
  private running = false;
  private stopped = false;
  private inflight: AbortController | undefined;

  constructor(
    private readonly state: EmulatorState,
    private readonly onReply: WebhookReply,
  ) {
    state.queue.onPush(() => this.kick());
  }

  kick(): void {
    if (this.running || this.stopped || !this.state.webhook) return;
    this.running = true;
    void this.run().finally(() => {
      this.running = false;
      if (this.state.webhook && this.state.queue.peek()) this.kick();
    });
  }

  stop(): void {
    this.stopped = true;
    this.inflight?.abort();
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (!this.stopped) {
      const hook = this.state.webhook;
      const update = this.state.queue.peek();
      if (!hook || !update) return;
      const outcome = await this.post(hook, update);
      if (this.stopped || this.state.webhook !== hook) continue;
      if (outcome.ok) {
        this.state.queue.remove(update.update_id);
        failures = 0;
        if (outcome.reply) await this.onReply(outcome.reply.method, outcome.reply.params);
        continue;
      }
      this.lastError = { date: Math.floor(Date.now() / 1000), message: outcome.error };
      failures++;
      if (failures > RETRY_DELAYS_MS.length) {
        this.state.queue.remove(update.update_id);
        failures = 0;
        continue;
      }
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS_MS[failures - 1]));
    }
  }

  private async post(
    hook: WebhookInfo,
    update: TgUpdate,
  ): Promise<
    | { ok: true; reply?: { method: string; params: Record<string, unknown> } }
    | { ok: false; error: string }
  > {
    const controller = new AbortController();
    this.inflight = controller;
    const timer = setTimeout(() => controller.abort(), DELIVERY_TIMEOUT_MS);
    try {
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (hook.secretToken) headers["X-Telegram-Bot-Api-Secret-Token"] = hook.secretToken;
      const res = await fetch(hook.url, {
        method: "POST",
        headers,
        body: JSON.stringify(update),
        signal: controller.signal,
      });
      const text = await res.text();
      if (!res.ok) return { ok: false, error: `Wrong response from the webhook: ${res.status}` };
      try {
        const body = JSON.parse(text) as { method?: unknown };
        if (body && typeof body.method === "string") {
          const { method, ...params } = body;
          return { ok: true, reply: { method, params } };
        }
      } catch {
        // Non-JSON 2xx bodies are fine: Telegram ignores them.
      }
      return { ok: true };
    } catch (error) {
      return { ok: false, error: `Connection failed: ${(error as Error).message}` };
    } finally {
      clearTimeout(timer);
      this.inflight = undefined;
    }
  }
}
