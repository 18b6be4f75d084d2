import { ERROR_HTTP_STATUS, ErrorCode, isErrorCode } from './error-code.js';

/** Field-level detail of a validation failure: which property, and which rules it broke. */
export interface FieldError {
  field: string;
  messages: string[];
}

/** The error body every transport carries: HTTP answers it as JSON, RPC replies carry it whole. */
export interface ErrorBody {
  error: ErrorCode;
  status: number;
  fields?: FieldError[];
  /** Extra data a client needs to act on the error (e.g. the existing ticket for ERR_OTHER_OPEN_TICKET). */
  data?: unknown;
}

/** A failure the user can be told about: a spec error code, its HTTP status and optional detail. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    options: { status?: number; fields?: FieldError[]; data?: unknown } = {},
  ) {
    super(code);
    this.name = 'AppError';
    this.status = options.status ?? ERROR_HTTP_STATUS[code];
    this.fields = options.fields;
    this.data = options.data;
  }

  readonly fields?: FieldError[];
  readonly data?: unknown;

  toBody(): ErrorBody {
    const body: ErrorBody = { error: this.code, status: this.status };
    if (this.fields) body.fields = this.fields;
    if (this.data !== undefined) body.data = this.data;
    return body;
  }

  static fromBody(body: unknown): AppError | undefined {
    if (typeof body !== 'object' || body === null) return undefined;
    const candidate = body as Partial<ErrorBody>;
    if (!isErrorCode(candidate.error)) return undefined;
    return new AppError(candidate.error, { status: candidate.status, fields: candidate.fields, data: candidate.data });
  }
}
