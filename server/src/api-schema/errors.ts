/** The `code` values of the envelope and the HTTP status each is sent with. */

/** 400 is reserved for an invalid or expired session. */
export const ErrorCode = {
  sessionInvalid: 400,
  validation: 1001,
  badSignature: 1002,
  nonceInvalid: 1003,
  bodyTooLarge: 1004,
  unsupportedMediaType: 1005,
  rateLimited: 1006,
  notFound: 1007,
  forbidden: 1008,
  internal: 500,
  unavailable: 503,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const httpStatusOf: Record<ErrorCode, number> = {
  400: 401,
  1001: 400,
  1002: 401,
  1003: 401,
  1004: 413,
  1005: 415,
  1006: 429,
  1007: 404,
  1008: 403,
  500: 500,
  503: 503,
};
