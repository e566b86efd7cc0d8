/**
 * Typed callback data. Every kind of button has one codec: a short versioned id and its
 * fields in order, e.g. `ord1:p:3`. Encoding checks the 64-byte limit and ASCII by
 * construction; decoding accepts only what encoding could have produced, since anyone can
 * send any data.
 */
type FieldKind = "int" | "key";
type FieldValue<K extends FieldKind> = K extends "int" ? number : string;
type Fields = readonly (readonly [string, FieldKind])[];
type ValueOf<F extends Fields> = { [E in F[number] as E[0]]: FieldValue<E[1]> };

const KEY_PATTERN = /^[A-Za-z0-9_.-]{0,40}$/;
const MAX_BYTES = 64;

export interface CallbackCodec<T> {
  readonly id: string;
  encode(value: T): string;
  decode(data: string): T | undefined;
  /** Matches data of this kind (decodable or not), for routing with `callbackQuery(...)`. */
  readonly pattern: RegExp;
}

export function callbackCodec<const F extends Fields>(
  id: string,
  fields: F,
): CallbackCodec<ValueOf<F>> {
  if (!/^[a-z][a-z0-9]{0,7}$/.test(id)) throw new Error(`bad callback id ${id}`);
  return {
    id,
    pattern: new RegExp(`^${id}(:|$)`),
    encode(value) {
      const record = value as Record<string, string | number>;
      const parts = fields.map(([name, kind]) => {
        const v = record[name];
        if (kind === "int") {
          if (typeof v !== "number" || !Number.isSafeInteger(v))
            throw new Error(`${id}.${name}: not an integer`);
          return String(v);
        }
        if (typeof v !== "string" || !KEY_PATTERN.test(v))
          throw new Error(`${id}.${name}: not a key`);
        return v;
      });
      const data = [id, ...parts].join(":");
      if (Buffer.byteLength(data) > MAX_BYTES)
        throw new Error(`${id}: callback data over 64 bytes`);
      return data;
    },
    decode(data) {
      if (typeof data !== "string" || Buffer.byteLength(data) > MAX_BYTES) return undefined;
      const [head, ...parts] = data.split(":");
      if (head !== id || parts.length !== fields.length) return undefined;
      const out: Record<string, string | number> = {};
      for (const [i, [name, kind]] of fields.entries()) {
        const raw = parts[i]!;
        if (kind === "int") {
          // Canonical form only (no leading zeros, no "-0"): what encode writes.
          if (!/^(0|-?[1-9]\d{0,14})$/.test(raw)) return undefined;
          out[name] = Number(raw);
        } else {
          if (!KEY_PATTERN.test(raw)) return undefined;
          out[name] = raw;
        }
      }
      return out as ValueOf<F>;
    },
  };
}

/** A button that does nothing (a page counter); answered silently. */
export const noopButton = callbackCodec("noop", []);
