import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { type Clock, systemClock } from "../clock.js";
import type { Logger } from "../logger.js";

/**
 * One pace for everything the bot sends (replies, conversations, the import watcher, alerts),
 * shared by every instance on one Redis (in-process on the embedded storage). A send first
 * waits for Telegram's answer to its chat's last message, then for its chat's turn, then for an
 * overall turn; answers to updates ("interactive") take the overall turns before notifications
 * ("bulk").
 *
 * Each limit is a schedule (GCRA): the time the next send is due (`tat`) moves on by one
 * interval per send, and a send is taken only at the moment it goes, never booked ahead, so a
 * late timer cannot bunch sends. A send may go up to `tolerance` before its due time, and a
 * turn missed by a late timer is kept for up to `catchUp`: over any span S at most
 * 1 + (S + tolerance + catchUp) / interval are taken. Overall, answers may go 0.3 of an
 * interval early and notifications 0.15, with 0.15 of catch-up: when both wait, the answer is
 * taken first on every instance, and an answer never waits behind a queue of notifications.
 *
 * The schedules space the moments sends go; Telegram counts when they arrive, which a slow or
 * uneven way there moves. So an overall turn also needs room in Telegram's window: a send counts
 * there from its turn until a second after Telegram answered it (it arrived in between), at most
 * `windowMax` at once, whatever the delays. Answers' times ride with the process's next take.
 *
 * One atomic script per take on Redis (an answer with nothing waiting in its process takes its
 * chat's turn and an overall one in the same script); a Redis away makes each instance count for
 * itself.
 */
export type Priority = "interactive" | "bulk";

export interface PaceLimits {
  /** Messages a second over all chats and instances (Telegram's limit is 30 in any second). */
  perSecond: number;
  /** A private chat: one message per interval, at most `chatBurst` at once. */
  chatIntervalMs: number;
  chatBurst: number;
  /** A group: one message per interval, at most `groupBurst` at once; 20 a minute at most. */
  groupIntervalMs: number;
  groupBurst: number;
  /** A notification to a chat waits this long after an answer there: none cuts into a dialogue. */
  quietMs: number;
  /**
   * Telegram's own count: at most this many messages may reach it in any 1000 ms. A send counts
   * from its turn until a second after Telegram answered it (it arrived somewhere between), so
   * however late sends arrive, no 1000 ms of Telegram's holds more.
   */
  windowMax: number;
}

/**
 * Within Telegram's limits with room for the way there. Overall 27.5 a second (interval 36.4
 * ms; tolerance and catch-up 0.45 of it, 16.4 ms): in any 1000 ms at most
 * 1 + ⌊(1000 + 16.4) / 36.4⌋ = 28 are taken. A send that reaches Telegram up to J ms after its
 * turn can bring more into one of Telegram's seconds, 1 + ⌊(1016.4 + J) / 36.4⌋: 29 while J is
 * under 38 ms, 30 (still accepted; Telegram refuses the 31st in any second) under 74 ms. (27 a
 * second with the wider tolerances of before: 83 ms; 28 a second with them: 45 ms.) A chat gets
 * no burst, answers included: one message in 1.1 s (`CHAT_ROOM`), the reading of Telegram's
 * "about one a second" that allows none, as grammY's throttler reads it; a group one in 3.96 s,
 * 15 a minute.
 */
export const TELEGRAM_PACE: PaceLimits = {
  perSecond: 27.5,
  chatIntervalMs: 1000,
  chatBurst: 1,
  groupIntervalMs: 3600,
  groupBurst: 1,
  quietMs: 1000,
  windowMax: 30,
};

export interface PaceOptions {
  /** Shared counters across instances; without it the pace is this process's alone. */
  redis?: Redis;
  limits?: Partial<PaceLimits>;
  clock?: Clock;
  logger?: Logger;
}

/** Says that Telegram has answered the send a turn was taken for (or that it failed). */
export type Sent = () => void;

export interface Pace {
  /**
   * Resolves when a message to `chatId` (null: none known) may go out, with the call to make
   * once Telegram has answered it: the chat's next message waits for that answer.
   */
  acquire(chatId: string | null, priority: Priority): Promise<Sent>;
  /** Sends still waiting for their turn (metrics, tests). */
  waiting(): number;
  /** Lets every waiting send go (shutdown must not hang on pacing). */
  close(): void;
}

/** One take on a schedule: the key, now, interval, tolerance, and an optional quiet rule. */
interface Take {
  key: string;
  now: number;
  intervalMs: number;
  toleranceMs: number;
  /** A turn not taken at its time may be taken this late without losing it (a late timer). */
  catchUpMs?: number;
  /** A chat's quiet key: a bulk take waits while it lives; an interactive take renews it. */
  quiet?: { key: string; priority: Priority; ms: number };
  /**
   * Not a take: the schedule's next turn moves to `now + intervalMs` at the earliest, for a send
   * that goes later than the turn it took.
   */
  push?: true;
  /** An overall take: the send `id` also needs room in Telegram's window (`windowMax`). */
  window?: { id: string; max: number };
  /** Sends answered since the last call, and when: each counts until a second after. */
  answered?: [id: string, at: number][];
  /** Not a take: only `answered` is recorded. */
  flush?: true;
}

/**
 * 0: taken now; else the ms to wait before trying again. With `also`, both are taken at once
 * or neither (a chat's turn and an overall one in one round trip).
 */
type Schedules = (take: Take, also?: Take) => Promise<number>;

const TAKE_SCRIPT = `
local now = tonumber(ARGV[1])
local answered = tonumber(ARGV[15])
if answered > 0 then
  local entries = {}
  for i = 0, answered - 1 do
    entries[2 * i + 1] = tonumber(ARGV[17 + 2 * i]) + 1000
    entries[2 * i + 2] = ARGV[16 + 2 * i]
  end
  redis.call('ZADD', KEYS[4], unpack(entries))
  redis.call('PEXPIRE', KEYS[4], tonumber(ARGV[14]) + 2000)
end
if ARGV[11] == '2' then return 0 end
if ARGV[11] == '1' then
  local due = now + tonumber(ARGV[2])
  if due > tonumber(redis.call('GET', KEYS[1]) or '0') then
    redis.call('SET', KEYS[1], string.format('%.3f', due), 'PX', math.ceil(due - now) + 1000)
  end
  return 0
end
if ARGV[4] == 'bulk' then
  local quiet = redis.call('PTTL', KEYS[2])
  if quiet > 0 then return quiet end
end
local function due(key, tolerance, catchup)
  local tat = tonumber(redis.call('GET', key) or '0')
  if tat < now - catchup then tat = now - catchup end
  return tat, tat - tolerance - now
end
local function move(key, tat, interval)
  tat = tat + interval
  redis.call('SET', key, string.format('%.3f', tat), 'PX', math.ceil(tat - now) + 1000)
end
local tat1, wait1 = due(KEYS[1], tonumber(ARGV[3]), tonumber(ARGV[6]))
if wait1 > 0 then return math.ceil(wait1) end
local tat2 = nil
if ARGV[10] == '1' then
  local wait2
  tat2, wait2 = due(KEYS[3], tonumber(ARGV[8]), tonumber(ARGV[9]))
  if wait2 > 0 then return math.ceil(wait2) end
end
local windowMax = tonumber(ARGV[12])
if windowMax > 0 then
  redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', now)
  if redis.call('ZCARD', KEYS[4]) >= windowMax then
    local first = tonumber(redis.call('ZRANGE', KEYS[4], 0, 0, 'WITHSCORES')[2])
    if first > now + 1000 then return tonumber(ARGV[18 + 2 * answered]) end
    return math.max(1, math.ceil(first - now))
  end
end
move(KEYS[1], tat1, tonumber(ARGV[2]))
if tat2 then move(KEYS[3], tat2, tonumber(ARGV[7])) end
if windowMax > 0 then
  local inFlight = tonumber(ARGV[14])
  redis.call('ZADD', KEYS[4], now + inFlight + 1000, ARGV[13])
  redis.call('PEXPIRE', KEYS[4], inFlight + 2000)
end
if ARGV[4] == 'interactive' and tonumber(ARGV[5]) > 0 then redis.call('SET', KEYS[2], '1', 'PX', ARGV[5]) end
return 0
`;

/**
 * How long a send not yet answered counts as on its way: a send that hangs (or an instance that
 * stopped mid-send) holds its place in Telegram's window no longer than this and a second.
 */
const IN_FLIGHT_MS = 30_000;

/** How soon a send asks again while every send in Telegram's window is on its way. */
const WINDOW_RETRY_MS = 50;

/** 0: the window has room for one more send; else the ms until its oldest leaves it. */
function windowRoom(
  window: Map<string, number>,
  now: number,
  sending: Take["window"] | undefined,
): number {
  if (!sending) return 0;
  let first = Number.POSITIVE_INFINITY;
  for (const [id, until] of window) {
    if (until <= now) window.delete(id);
    else first = Math.min(first, until);
  }
  if (window.size < sending.max) return 0;
  // Every send in the window is still on its way: room comes with an answer, not at a time.
  return first > now + 1000 ? WINDOW_RETRY_MS : Math.max(1, Math.ceil(first - now));
}

/** The schedules in this process's memory (the embedded storage, or Redis away). */
function memorySchedules(): Schedules {
  const tats = new Map<string, number>();
  const quietUntil = new Map<string, number>();
  /** Telegram's window: each send's id and until when it may still count. */
  const window = new Map<string, number>();
  const due = ({ key, now, toleranceMs, catchUpMs = 0 }: Take) => {
    const tat = Math.max(tats.get(key) ?? 0, now - catchUpMs);
    return { tat, wait: tat - toleranceMs - now };
  };
  return async (take, also) => {
    const { now, quiet } = take;
    for (const [id, at] of take.answered ?? []) window.set(id, at + 1000);
    if (take.flush) return 0;
    if (take.push) {
      tats.set(take.key, Math.max(tats.get(take.key) ?? 0, now + take.intervalMs));
      return 0;
    }
    if (quiet?.priority === "bulk") {
      const until = quietUntil.get(quiet.key) ?? 0;
      if (until > now) return Math.ceil(until - now);
      quietUntil.delete(quiet.key);
    }
    const first = due(take);
    if (first.wait > 0) return Math.ceil(first.wait);
    const second = also && due(also);
    if (second && second.wait > 0) return Math.ceil(second.wait);
    const sending = take.window ?? also?.window;
    const room = windowRoom(window, now, sending);
    if (room > 0) return room;
    tats.set(take.key, first.tat + take.intervalMs);
    if (also && second) tats.set(also.key, second.tat + also.intervalMs);
    if (sending) window.set(sending.id, now + IN_FLIGHT_MS + 1000);
    if (quiet?.priority === "interactive" && quiet.ms > 0)
      quietUntil.set(quiet.key, now + quiet.ms);
    // Forget what is long past, so the maps stay as small as the chats written to lately.
    if (tats.size > 10_000) {
      for (const [k, t] of tats) if (t < now) tats.delete(k);
      for (const [k, t] of quietUntil) if (t < now) quietUntil.delete(k);
    }
    return 0;
  };
}

type TakeCommand = (keys: string[], ...args: (string | number)[]) => Promise<number>;

/** The schedules in Redis (one script per take); while Redis fails, in memory. */
function redisSchedules(redis: Redis, fallback: Schedules, run: PaceRun): Schedules {
  if (!("paceTake" in redis)) {
    redis.defineCommand("paceTake", { numberOfKeys: 4, lua: TAKE_SCRIPT });
  }
  const command = (redis as unknown as { paceTake: TakeCommand }).paceTake.bind(redis);
  return async (take, also) => {
    try {
      const quietKey = take.quiet ? `pace:quiet:${take.quiet.key}` : "pace:quiet:none";
      const window = take.window ?? also?.window;
      const answered = take.answered ?? [];
      return await command(
        [`pace:${take.key}`, quietKey, `pace:${also?.key ?? "none"}`, "pace:window"],
        take.now,
        take.intervalMs,
        take.toleranceMs,
        take.quiet?.priority ?? "none",
        take.quiet?.ms ?? 0,
        take.catchUpMs ?? 0,
        also?.intervalMs ?? 0,
        also?.toleranceMs ?? 0,
        also?.catchUpMs ?? 0,
        also ? "1" : "0",
        take.flush ? "2" : take.push ? "1" : "0",
        window?.max ?? 0,
        window?.id ?? "",
        IN_FLIGHT_MS,
        answered.length,
        ...answered.flat(),
        WINDOW_RETRY_MS,
      );
    } catch (error) {
      run.redisAway(error);
      return fallback(take, also);
    }
  };
}

/** What the parts of a pace share: its clock, its shutdown, and what to do when Redis fails. */
interface PaceRun {
  clock: Clock;
  /** Aborted at close: every wait ends. */
  stopped: AbortSignal;
  redisAway(error: unknown): void;
}

export function createPace(options: PaceOptions = {}): Pace {
  const limits = { ...TELEGRAM_PACE, ...options.limits };
  const shutdown = new AbortController();
  const run: PaceRun = {
    clock: options.clock ?? systemClock,
    stopped: shutdown.signal,
    redisAway: (error) =>
      options.logger?.debug({ err: error }, "pace Redis away; counting in this process"),
  };
  const memory = memorySchedules();
  const answers = createAnswers(
    options.redis ? redisSchedules(options.redis, memory, run) : memory,
    run,
  );
  const schedules = answers.schedules;
  const chats = createChatTurns(schedules, limits, run);
  const overall = createOverallTurns(schedules, limits, run);
  /** A take of both turns in one go is in flight (at most one: see below). */
  let takingBoth = false;
  return {
    async acquire(chatId, priority) {
      if (run.stopped.aborted) return answered;
      const id = answers.newId();
      if (chatId === null) {
        await overall.take(priority, id);
        return answers.sentOf(id, answered);
      }
      let sent: Sent = answered;
      await chats.inLine(chatId, async () => {
        await chats.afterLastSend(chatId);
        sent = chats.sending(chatId);
        // Nobody waiting in this process: the chat's turn and an overall one in one go. One
        // such take at a time: sends arriving together (many chats pressing at once) queue
        // for the one loop instead of each asking Redis, whose answers would come back in a
        // bunch and send together what was granted over a longer span.
        if (priority === "interactive" && overall.idle() && !takingBoth) {
          takingBoth = true;
          const now = run.clock.now();
          const both = await schedules(
            chats.takeOf(chatId, priority, now),
            overall.takeOf(priority, now, id),
          ).finally(() => {
            takingBoth = false;
          });
          if (both === 0) return;
        }
        await chats.turn(chatId, priority);
        const turnAt = run.clock.now();
        await overall.take(priority, id);
        // The chat's turn was taken before a wait for an overall one: its schedule starts again
        // from the moment the message goes, so the chat's next message (from any instance, whose
        // update the chat lock held until this one was answered) keeps its interval from this.
        if (run.clock.now() - turnAt > LATE_SEND_MS) await chats.wentLate(chatId);
      });
      return answers.sentOf(id, sent);
    },
    waiting: overall.waiting,
    close() {
      shutdown.abort();
      overall.releaseAll();
    },
  };
}

/** How soon answers are written to the window when no take carries them there first. */
const ANSWERS_FLUSH_MS = 100;

/**
 * Telegram's answers to this process's sends, for its window (`windowMax`): each send gets an
 * id; its answer's time rides along with the next take (no round trip of its own), or is
 * written on its own after `ANSWERS_FLUSH_MS` when no take comes.
 */
function createAnswers(schedules: Schedules, run: PaceRun) {
  const prefix = randomUUID().slice(0, 8);
  let count = 0;
  const pending: [string, number][] = [];
  let flushing = false;
  const withAnswers: Schedules = (take, also) =>
    schedules(pending.length > 0 ? { ...take, answered: pending.splice(0) } : take, also);
  /** Writes the answers once the oldest waiting is `ANSWERS_FLUSH_MS` old and no take took it. */
  async function flushSoon() {
    if (flushing) return;
    flushing = true;
    try {
      while (pending.length > 0 && !run.stopped.aborted) {
        const due = pending[0]![1] + ANSWERS_FLUSH_MS - run.clock.now();
        if (due > 0) {
          await run.clock.sleep(due, run.stopped);
          continue;
        }
        const now = run.clock.now();
        // Never throws: with Redis away the memory schedules record them.
        await withAnswers({ key: "all", now, intervalMs: 0, toleranceMs: 0, flush: true });
      }
    } finally {
      flushing = false;
    }
  }
  return {
    schedules: withAnswers,
    newId: () => `${prefix}:${++count}`,
    /** `sent`, which also tells the window when Telegram answered the send `id`. */
    sentOf(id: string, sent: Sent): Sent {
      return () => {
        sent();
        pending.push([id, run.clock.now()]);
        void flushSoon();
      };
    },
  };
}

/** A send this much later than its chat's turn moves the chat's schedule on from itself. */
const LATE_SEND_MS = 50;

/** A send with nobody to tell (no chat, or the pace stopped). */
const answered: Sent = () => {};

/** Takes from `take` until it is taken or the pace stops. */
async function takeUntilTaken(run: PaceRun, schedules: Schedules, take: () => Take) {
  while (!run.stopped.aborted) {
    const wait = await schedules(take());
    if (wait === 0) return;
    await run.clock.sleep(wait, run.stopped);
  }
}

/**
 * A message's turn moves its chat's schedule on by a tenth more than the interval: room for the
 * way to Telegram (a request sent later may arrive sooner), so that two never reach it closer
 * than the interval, even where a chat is allowed no burst at all.
 */
const CHAT_ROOM = 1.1;

/**
 * How long a chat's next message waits for Telegram to answer the one before: a send that hangs
 * holds its chat no longer (the Bot API client times it out on its own clock).
 */
const ANSWER_WAIT_MS = 30_000;

/** Each chat's sends take their turns one after another, at the chat's limit. */
function createChatTurns(schedules: Schedules, limits: PaceLimits, run: PaceRun) {
  function limitOf(chatId: string) {
    const isGroup = chatId.startsWith("-") || chatId.startsWith("@");
    const intervalMs = isGroup ? limits.groupIntervalMs : limits.chatIntervalMs;
    return { intervalMs, burst: isGroup ? limits.groupBurst : limits.chatBurst };
  }
  function takeOf(chatId: string, priority: Priority, now: number): Take {
    const { intervalMs, burst } = limitOf(chatId);
    return {
      key: `chat:${chatId}`,
      now,
      intervalMs: intervalMs * CHAT_ROOM,
      toleranceMs: (burst - 1) * intervalMs,
      quiet: { key: chatId, priority, ms: limits.quietMs },
    };
  }
  const lastSends = createLastSends(run);
  /** The last send in line for each chat. */
  const tails = new Map<string, Promise<void>>();
  return {
    /** Runs `work` after the chat's earlier sends have had their turns, in order. */
    async inLine(chatId: string, work: () => Promise<void>) {
      const previous = tails.get(chatId);
      let release = () => {};
      const mine = new Promise<void>((resolve) => {
        release = resolve;
      });
      tails.set(chatId, mine);
      try {
        await previous;
        await work();
      } finally {
        release();
        if (tails.get(chatId) === mine) tails.delete(chatId);
      }
    },
    /**
     * Where a chat gets no burst, its next send waits for Telegram's answer to the last one and
     * a chat interval after it: the schedule spaces the turns, not the arrivals, and a loaded
     * process or network may delay one send and not the next. (Across instances the schedule's
     * room keeps them apart.)
     */
    afterLastSend(chatId: string): Promise<void> {
      if (limitOf(chatId).burst > 1) return Promise.resolve();
      return lastSends.after(chatId, limits.chatIntervalMs);
    },
    sending: lastSends.sending,
    wentLate(chatId: string) {
      const take = { ...takeOf(chatId, "interactive", run.clock.now()), push: true as const };
      return schedules(take);
    },
    takeOf,
    turn(chatId: string, priority: Priority) {
      return takeUntilTaken(run, schedules, () => takeOf(chatId, priority, run.clock.now()));
    },
  };
}

/** Each chat's last send in this process: whether and when Telegram answered it. */
function createLastSends(run: PaceRun) {
  const last = new Map<string, { answered: Promise<void>; at?: number; started: number }>();
  /** Forget sends long answered, so the map stays as small as the chats written to lately. */
  function sweep(now: number) {
    if (last.size <= 10_000) return;
    for (const [chatId, send] of last)
      if ((send.at ?? send.started) < now - ANSWER_WAIT_MS) last.delete(chatId);
  }
  return {
    /** Resolves once the chat's last send was answered, and `gapMs` has passed since. */
    async after(chatId: string, gapMs: number): Promise<void> {
      const send = last.get(chatId);
      if (!send || run.stopped.aborted) return;
      if (send.at === undefined) {
        // The answer's wait ends with the answer, its cap, or the pace (no composite signal held
        // by the pace's own for every such wait).
        const waited = new AbortController();
        const stop = () => waited.abort();
        run.stopped.addEventListener("abort", stop, { once: true });
        await Promise.race([send.answered, run.clock.sleep(ANSWER_WAIT_MS, waited.signal)]);
        run.stopped.removeEventListener("abort", stop);
        waited.abort();
      }
      const wait = (send.at ?? run.clock.now()) + gapMs - run.clock.now();
      if (wait > 0) await run.clock.sleep(wait, run.stopped);
    },
    /** A send to the chat starts: the call to make once Telegram has answered it. */
    sending(chatId: string): Sent {
      const now = run.clock.now();
      sweep(now);
      let answer = () => {};
      const send: { answered: Promise<void>; at?: number; started: number } = {
        answered: new Promise<void>((resolve) => {
          answer = resolve;
        }),
        started: now,
      };
      last.set(chatId, send);
      return () => {
        send.at ??= run.clock.now();
        answer();
      };
    },
  };
}

/** The overall turns, taken by one loop per process: answers first. */
function createOverallTurns(schedules: Schedules, limits: PaceLimits, run: PaceRun) {
  const intervalMs = 1000 / limits.perSecond;
  const tolerance: Record<Priority, number> = {
    interactive: intervalMs * 0.3,
    bulk: intervalMs * 0.15,
  };
  /** Each waiting send's id, and what lets it go. */
  const lanes: Record<Priority, Array<{ id: string; go: () => void }>> = {
    interactive: [],
    bulk: [],
  };
  let dispatching = false;
  const takeOf = (priority: Priority, now: number, id: string): Take => ({
    key: "all",
    now,
    intervalMs,
    toleranceMs: tolerance[priority],
    catchUpMs: intervalMs * 0.15,
    window: { id, max: limits.windowMax },
  });

  async function dispatch() {
    if (dispatching) return;
    dispatching = true;
    try {
      while (!run.stopped.aborted) {
        const priority: Priority = lanes.interactive.length > 0 ? "interactive" : "bulk";
        const next = lanes[priority][0];
        if (!next) break;
        const wait = await schedules(takeOf(priority, run.clock.now(), next.id));
        if (wait === 0) lanes[priority].shift()?.go();
        else await run.clock.sleep(wait, run.stopped);
      }
    } finally {
      dispatching = false;
    }
  }

  return {
    takeOf,
    /** Nothing waits for an overall turn in this process. */
    idle: () => !dispatching && lanes.interactive.length === 0 && lanes.bulk.length === 0,
    take(priority: Priority, id: string) {
      if (run.stopped.aborted) return Promise.resolve();
      return new Promise<void>((resolve) => {
        lanes[priority].push({ id, go: resolve });
        void dispatch();
      });
    },
    waiting: () => lanes.interactive.length + lanes.bulk.length,
    /** Lets every waiting send go (shutdown must not hang on pacing). */
    releaseAll() {
      for (const lane of Object.values(lanes)) for (const { go } of lane.splice(0)) go();
    },
  };
}
