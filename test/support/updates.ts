import type { UserDriver } from "../../doubles/telegram/index.js";

let nextUpdateId = 900_000_000;
let nextMessageId = 900_000;

/** A private-chat text update as Telegram would POST it to a webhook (commands get entities). */
export function textUpdate(user: UserDriver, text: string) {
  const command = /^\/\S+/.exec(text)?.[0];
  return {
    update_id: nextUpdateId++,
    message: {
      message_id: nextMessageId++,
      date: Math.floor(Date.now() / 1000),
      chat: { id: user.id, type: "private", first_name: user.user.first_name },
      from: user.user,
      text,
      ...(command
        ? { entities: [{ type: "bot_command", offset: 0, length: command.length }] }
        : {}),
    },
  };
}

/** POSTs an update to a webhook server, with the secret header when given. */
export async function postUpdate(url: string, update: unknown, secret?: string) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (secret !== undefined) headers["X-Telegram-Bot-Api-Secret-Token"] = secret;
  const res = await fetch(url, { method: "POST", headers, body: JSON.stringify(update) });
  await res.text();
  return res.status;
}
