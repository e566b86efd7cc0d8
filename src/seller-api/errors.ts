import type { ApiErrorBody } from "./schemas.js";

/**
 * Every failure of a Seller API call, classified so the bot can say the right thing:
 * - `invalid`: the service refused the request (4xx other than auth) — the user can fix it;
 * - `unauthorized`: our credentials were refused (401/403) — an operator problem;
 * - `not_found`: 404;
 * - `unavailable`: 5xx, timeout, network error — try again later;
 * - `bad_response`: the answer was not JSON or not of the documented shape.
 */
export type SellerApiErrorKind =
  | "invalid"
  | "unauthorized"
  | "not_found"
  | "unavailable"
  | "bad_response";

export interface FieldError {
  field: string;
  code: string | undefined;
  description: string | undefined;
}

export class SellerApiError extends Error {
  override name = "SellerApiError";
  readonly kind: SellerApiErrorKind;
  readonly operation: string;
  readonly status: number | undefined;
  readonly errorCode: string | undefined;
  readonly fieldErrors: FieldError[];
  /** Whether the request may have reached the service (a timeout after sending, a 5xx). */
  readonly maybeProcessed: boolean;

  constructor(opts: {
    kind: SellerApiErrorKind;
    operation: string;
    message: string;
    status?: number;
    errorCode?: string;
    fieldErrors?: FieldError[];
    maybeProcessed?: boolean;
    cause?: unknown;
  }) {
    super(opts.message, { cause: opts.cause });
    this.kind = opts.kind;
    this.operation = opts.operation;
    this.status = opts.status;
    this.errorCode = opts.errorCode;
    this.fieldErrors = opts.fieldErrors ?? [];
    this.maybeProcessed = opts.maybeProcessed ?? false;
  }
}

export function kindOfStatus(status: number): SellerApiErrorKind {
  if (status === 401 || status === 403) return "unauthorized";
  if (status === 404) return "not_found";
  if (status === 408 || status === 429 || status >= 500) return "unavailable";
  return "invalid";
}

export function fieldErrorsOf(body: ApiErrorBody | undefined): FieldError[] {
  if (!body?.errors) return [];
  return Object.entries(body.errors).flatMap(([field, items]) =>
    items.map((item) => ({
      field,
      code: item.code ?? undefined,
      description: item.description ?? undefined,
    })),
  );
}

export function messageOf(body: ApiErrorBody | undefined, fallback: string): string {
  return body?.errorMessage ?? body?.detail ?? body?.title ?? fallback;
}
