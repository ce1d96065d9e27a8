import { msg } from '../i18n/msg';
/**
 * Domain errors thrown by services and routes; one onError turns them into
 * application/problem+json (API) or an error page (HTML). `detail` and `errors` hold Slovak source
 * messages that are translated at the edge.
 */
export class ProblemError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly errors?: Record<string, string>,
    readonly values?: Record<string, unknown>,
  ) {
    super(detail);
  }
}

export class NotFoundError extends ProblemError {
  constructor(detail = msg('Stránka neexistuje')) {
    super(404, detail);
  }
}

export class ValidationError extends ProblemError {
  constructor(errors: Record<string, string>, detail = msg('Niektoré údaje nie sú správne')) {
    super(400, detail, errors);
  }
}

export interface Problem {
  type: 'about:blank';
  status: number;
  title: string;
  detail: string;
  errors?: Record<string, string>;
  requestId?: string;
}
