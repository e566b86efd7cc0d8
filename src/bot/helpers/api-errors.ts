import { SellerApiError, type SellerApiErrorKind } from "../../seller-api/errors.js";
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

/** The locale key that explains a failure (Seller API, storage, anything else) to a seller. */
export function apiErrorMessageKey(error: unknown): string {
  if (error instanceof StorageUnavailableError) return "error-storage";
  if (!(error instanceof SellerApiError)) return "error-generic";
  return apiErrorKindKey(error.kind);
}
