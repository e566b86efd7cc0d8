import { GrammyError, HttpError } from "grammy";
import { SellerApiError, type SellerApiErrorKind } from "../../seller-api/index.js";
import { StorageUnavailableError } from "../../storage/index.js";

/** The locale key that explains a kind of Seller API failure to a seller. */
export function apiErrorKindKey(kind: SellerApiErrorKind): string {
  switch (kind) {
    case "unavailable":
      return "error-api-unavailable";
    case "unauthorized":
      return "error-api-unauthorized";
    case "bad_response":
      return "error-api-bad-response";
    case "not_found":
      return "error-api-not-found";
    case "invalid":
      return "error-api-invalid";
  }
}

/**
 * The one mapping from a failure to what the seller reads (a locale key): the Seller API's
 * kinds, the store, and Telegram. A Telegram failure (a refused or lost Bot API call) has
 * nothing the seller could act on beyond trying again, so it reads as the generic sentence,
 * as does anything unforeseen; the log line of the error boundary says what it was.
 */
export function userMessageKey(error: unknown): string {
  if (error instanceof SellerApiError) return apiErrorKindKey(error.kind);
  if (error instanceof StorageUnavailableError) return "error-storage";
  if (error instanceof GrammyError || error instanceof HttpError) return "error-generic";
  return "error-generic";
}

/**
 * A failure a handler answers itself, leaving the screen as it was: the Seller API refused or
 * failed. Anything else (the store, Telegram, a bug) goes to the error boundary, which logs it.
 */
export const isSellerApiFailure = (error: unknown): error is SellerApiError =>
  error instanceof SellerApiError;

/** @deprecated the old name, kept while the import and linking features still use it. */
export const apiErrorMessageKey = userMessageKey;
