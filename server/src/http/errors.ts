/**
 * API error codes and the one error handler that turns any error into a translated envelope.
 * Nothing else writes an error response, and no response ever carries a stack trace.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { t, type MessageKey } from '../i18n/index.ts';
import { isDbUnavailable } from '../db/db.ts';
import type { Envelope } from './envelope.ts';
import { ErrorCode, httpStatusOf } from '../api-schema/errors.ts';

// The codes are part of the API's shapes (api-schema), which the web app reads too.
export { ErrorCode, httpStatusOf } from '../api-schema/errors.ts';

const defaultMessage: Record<ErrorCode, MessageKey> = {
  400: 'sessionInvalid',
  1001: 'invalidField',
  1002: 'badSignature',
  1003: 'nonceInvalid',
  1004: 'bodyTooLarge',
  1005: 'unsupportedMediaType',
  1006: 'rateLimited',
  1007: 'notFound',
  1008: 'forbidden',
  500: 'internal',
  503: 'unavailable',
};

/** An expected failure: answered with its code, HTTP status and translated message. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    readonly msgKey: MessageKey = defaultMessage[code],
    readonly params?: Record<string, string>,
  ) {
    super(msgKey);
    this.name = 'AppError';
    this.statusCode = httpStatusOf[code];
  }
}

export const validationError = (msgKey: MessageKey, field?: string): AppError =>
  new AppError(ErrorCode.validation, msgKey, field ? { field } : undefined);

/** Maps an error thrown anywhere in a request to an AppError. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (isDbUnavailable(error)) return new AppError(ErrorCode.unavailable);
  const e = error as Partial<FastifyError> & { validation?: unknown };
  if (Array.isArray(e.validation)) return fromValidation(e as FastifyError);
  switch (e.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError(ErrorCode.bodyTooLarge);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return new AppError(ErrorCode.unsupportedMediaType);
  }
  const status = e.statusCode ?? 500;
  if (status === 403) return new AppError(ErrorCode.forbidden);
  if (status === 404) return new AppError(ErrorCode.notFound);
  if (status === 413) return new AppError(ErrorCode.bodyTooLarge);
  if (status === 415) return new AppError(ErrorCode.unsupportedMediaType);
  if (status === 429) return new AppError(ErrorCode.rateLimited);
  if (status === 503) return new AppError(ErrorCode.unavailable);
  if (status >= 400 && status < 500)
    return new AppError(ErrorCode.validation, 'invalidField', { field: 'request' });
  return new AppError(ErrorCode.internal);
}

/** A schema validation failure names the first offending field. */
function fromValidation(error: FastifyError): AppError {
  const first = error.validation?.[0];
  if (!first) return validationError('invalidField', 'request');
  const params = first.params as Record<string, unknown>;
  if (first.keyword === 'required' && typeof params.missingProperty === 'string') {
    return validationError('missingField', params.missingProperty);
  }
  const field = first.instancePath.replace(/^\//, '').split('/')[0] || 'request';
  const special: Record<string, MessageKey> = {
    address: 'invalidAddress',
    signature: 'invalidSignatureFormat',
    chain: 'unsupportedChain',
    invitecode: 'invalidInviteCode',
    invite_code: 'invalidInviteCode',
    wallet: 'invalidWallet',
  };
  return validationError(special[field] ?? 'invalidField', field);
}

export function errorEnvelope(error: AppError, request: FastifyRequest): Envelope<null> {
  return { code: error.code, msg: t(request.lang, error.msgKey, error.params), data: null };
}

export function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const appError = toAppError(error);
  if (appError.code === ErrorCode.internal) request.log.error({ err: error }, 'request failed');
  return reply.code(appError.statusCode).send(errorEnvelope(appError, request));
}

export function handleNotFound(request: FastifyRequest, reply: FastifyReply) {
  const e = new AppError(ErrorCode.notFound);
  return reply.code(e.statusCode).send(errorEnvelope(e, request));
}
