/** Response helpers: JSON and problem-details bodies. */
import type { FieldErrors } from "./types.js";

export interface Reply {
  status: number;
  body?: unknown;
  /** Raw text body (sent as is with a JSON content type), for "malformed". */
  raw?: string;
  headers?: Record<string, string>;
}

const TYPES: Record<number, [string, string]> = {
  400: ["https://tools.ietf.org/html/rfc9110#section-15.5.1", "Bad Request"],
  401: ["https://tools.ietf.org/html/rfc9110#section-15.5.2", "Unauthorized"],
  404: ["https://tools.ietf.org/html/rfc9110#section-15.5.5", "Not Found"],
  405: ["https://tools.ietf.org/html/rfc9110#section-15.5.6", "Method Not Allowed"],
  413: ["https://tools.ietf.org/html/rfc9110#section-15.5.14", "Content Too Large"],
  415: ["https://tools.ietf.org/html/rfc9110#section-15.5.16", "Unsupported Media Type"],
  500: ["https://tools.ietf.org/html/rfc9110#section-15.6.1", "Internal Server Error"],
  503: ["https://tools.ietf.org/html/rfc9110#section-15.6.4", "Service Unavailable"],
};

export const VALIDATION_TITLE = "One or more validation errors occurred.";

export const json = (status: number, body: unknown, headers?: Record<string, string>): Reply => ({
  status,
  body,
  ...(headers ? { headers } : {}),
});

/** `{type, title, status, detail?, instance?}` */
export function problem(
  status: number,
  detail?: string,
  instance?: string,
  headers?: Record<string, string>,
): Reply {
  const [type, title] = TYPES[status] ?? TYPES[500]!;
  const body: Record<string, unknown> = { type, title, status };
  if (detail !== undefined) body.detail = detail;
  if (instance !== undefined) body.instance = instance;
  return { status, body, ...(headers ? { headers } : {}) };
}

export const unauthorized = (): Reply => ({
  status: 401,
  body: { type: TYPES[401]![0], title: "Unauthorized", status: 401 },
  headers: { "www-authenticate": "Bearer" },
});

/** Order list 400 (section 7 rules 1-2). */
export const orderValidation = (errors: FieldErrors, instance: string): Reply =>
  json(400, {
    type: TYPES[400]![0],
    title: VALIDATION_TITLE,
    status: 400,
    instance,
    errorCode: "B2B-SELLER-NONE-VALIDATION_ERROR",
    errors,
  });

/** Import / import info / product list / directory 400 (section 7 rules 3-4). */
export const validationError = (errors: FieldErrors, instance: string): Reply => {
  const n = Object.values(errors).reduce((sum, list) => sum + list.length, 0);
  const first = Object.entries(errors)[0];
  return json(400, {
    type: TYPES[400]![0],
    title: VALIDATION_TITLE,
    status: 400,
    instance,
    errorCode: "VALIDATION_ERROR",
    errorMessage: `Validation failed: ${n} error(s)${first ? `; ${first[0]}: ${first[1][0]?.description}` : ""}`,
    errors,
  });
};
