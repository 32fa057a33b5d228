/** The fields the two drivers (pg, PGlite) put on their errors, and the wrapping Drizzle adds around them. */
interface DriverError {
  code?: unknown;
  constraint?: unknown;
  message?: unknown;
  /** Set on an AggregateError: Node's connect to "localhost" fails once per address. */
  errors?: unknown;
  cause?: unknown;
}

/** Drizzle wraps the driver's error once, a pool may wrap it again: a few links at most (and a loop never ends). */
const MAX_CHAIN = 6;

/** The error and those it wraps through `cause`, outermost first. */
function errorChain(error: unknown): DriverError[] {
  const chain: DriverError[] = [];
  let current = error;
  while (current && typeof current === 'object' && chain.length < MAX_CHAIN) {
    chain.push(current);
    current = (current as DriverError).cause;
  }
  return chain;
}

const UNIQUE_VIOLATION = '23505';

/**
 * PostgreSQL's unique_violation, from either driver; with `constraint`, only on that key. PGlite names the
 * constraint in the message only, pg also in its own field.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  return errorChain(error).some(
    (link) =>
      link.code === UNIQUE_VIOLATION &&
      (constraint === undefined ||
        link.constraint === constraint ||
        (typeof link.message === 'string' && link.message.includes(constraint))),
  );
}

/**
 * PostgreSQL's deadlock_detected and serialization_failure: the transaction lost a conflict with another one and was
 * rolled back whole, so that running it again is safe and will most likely succeed (docs/decisions/036).
 */
const CONFLICT_CODES = new Set(['40P01', '40001']);

/** True when the error (or one it wraps) is a deadlock or a serialization failure, from either driver. */
export function isTransactionConflict(error: unknown): boolean {
  return errorChain(error).some(({ code }) => typeof code === 'string' && CONFLICT_CODES.has(code));
}

/** Network errors and PostgreSQL's SQLSTATEs that mean "the database cannot be reached right now". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown: the server is stopping
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
  '08006', // connection_failure
  '53300', // too_many_connections
]);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed|Cannot use a pool after calling end|terminating connection/i;

/**
 * True when the error (or one it wraps) says the database is unreachable, which is a passing condition: the client
 * gets 503 and may retry, and the pool reconnects once the server is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return errorChain(error).some(
    ({ code, message, errors }) =>
      (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) ||
      (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) ||
      // ECONNREFUSED to "localhost" arrives as an AggregateError of both addresses.
      (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))),
  );
}

/** The innermost message of an error and the errors it wraps: the driver's reason, not Drizzle's query. */
export function rootMessage(error: unknown): string | undefined {
  let message: string | undefined;
  for (const link of errorChain(error)) {
    if (!(link instanceof Error)) break;
    message = link.message || message;
  }
  return message;
}

/** Whether PostgreSQL, through either driver, failed the query with the SQLSTATE `code`. */
export function hasSqlState(error: unknown, code: string): boolean {
  return errorChain(error).some((link) => link.code === code);
}
