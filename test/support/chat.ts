import type { ChatMessageView, UserDriver } from "../../doubles/telegram/index.js";

/**
 * Sends a command and waits for the bot's next message after it: the first one (a command
 * answered with several, e.g. a status then a file, is read at its first however late the
 * test looks), as it reads now.
 */
export async function send(user: UserDriver, command: string): Promise<ChatMessageView> {
  const before = user.lastBotMessage()?.messageId ?? 0;
  await user.sendCommand(command);
  return nextBotMessage(user, before);
}

/** The bot's first message after message `after`, once there is one. */
export async function nextBotMessage(user: UserDriver, after: number): Promise<ChatMessageView> {
  const first = () => user.botMessages().find((m) => m.messageId > after);
  await user.waitFor(() => first() !== undefined);
  return first()!;
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
