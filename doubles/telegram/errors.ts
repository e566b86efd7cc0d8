// An API failure with Telegram's exact wording; the server turns it into
// `{ok:false,error_code,description,parameters}` with a matching HTTP status.
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly description: string,
    readonly parameters?: Record<string, unknown>,
  ) {
    super(description);
  }
}

export const badRequest = (reason: string): ApiError => new ApiError(400, `Bad Request: ${reason}`);
export const forbidden = (reason: string): ApiError => new ApiError(403, `Forbidden: ${reason}`);
export const conflict = (reason: string): ApiError => new ApiError(409, `Conflict: ${reason}`);
