import type { ChatMessageView, UserDriver } from "../../doubles/telegram/index.js";

/** Sends a command and waits for the bot's next message after it. */
export async function send(user: UserDriver, command: string): Promise<ChatMessageView> {
  const before = user.lastBotMessage()?.messageId ?? 0;
  await user.sendCommand(command);
  return user.waitForBotMessage(/./, { after: before });
}

/** Presses a button of a message and waits until that message was edited once more. */
export async function pressAndWaitEdit(
  user: UserDriver,
  label: string | RegExp,
  messageId: number,
): Promise<ChatMessageView> {
  const edits = user.messages().find((m) => m.messageId === messageId)!.edited;
  const queryId = await user.pressButton(label, { messageId });
  await user.waitFor((msgs) => msgs.find((m) => m.messageId === messageId)!.edited > edits);
  await user.waitForCallbackAnswer(queryId);
  return user.messages().find((m) => m.messageId === messageId)!;
}
