import type { ErrorCode } from '@railserve/protocol';

/** An error the client caused or may see: answered with its status and stable code. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new AppError(404, 'not_found', `${what} not found`);
export const conflict = (code: ErrorCode, message: string, details?: unknown) => new AppError(409, code, message, details);
export const badRequest = (code: ErrorCode, message: string, details?: unknown) => new AppError(400, code, message, details);
export const forbidden = (message = 'Your role does not allow this action', code: ErrorCode = 'forbidden') =>
  new AppError(403, code, message);
export const unauthorized = (message = 'Sign in required', code: ErrorCode = 'unauthorized') => new AppError(401, code, message);
