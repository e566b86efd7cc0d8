import { createServer, type Server } from "node:net";
import { Api, HttpError } from "grammy";
import { afterEach, describe, expect, it } from "vitest";
import { installApiTransformers } from "../../src/bot/api-transformers.js";

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

describe("a Bot API that drops every connection", () => {
  it("gets a bounded number of tries for a send, then the network error goes on", async () => {
    let connections = 0;
    server = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    const api = new Api("123456:NETWORK-TEST", { apiRoot: `http://127.0.0.1:${port}` });
    installApiTransformers(api);

    const error = await api.sendMessage(1, "hello").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    // Three tries, not auto-retry's endless loop for network errors.
    expect(connections).toBe(3);
  });
});
