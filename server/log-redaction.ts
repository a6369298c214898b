import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

/**
 * The server log never holds a secret a URL carried: the reset link's `?token=`, an invitation, anything a
 * query string brings. Each request line logs the path and the parameter names only; every message (the
 * "Route GET:/reset-password?token=… not found" of a 404, an error naming its URL) goes through the same
 * redaction. Before, `"url":"/reset-password?token=…"` let whoever reads the log take the account.
 */

export const REDACTED = '[masqué]';

/** A query string's values replaced, wherever a URL appears in a text (`?a=1&b=2` -> `?a=[masqué]&b=[masqué]`). */
export function redactQueryValues(text: string): string {
  return text.replace(/([?&][^=&\s"'#?]{1,64})=[^&\s"'#]*/g, `$1=${REDACTED}`);
}

/** A request URL for the log: the path as sent, the query's names only. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  return at < 0 ? url : `${url.slice(0, at)}${redactQueryValues(url.slice(at))}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

function redactError(error: Error): LoggedError {
  const out: LoggedError = {
    type: error.name,
    message: redactQueryValues(error.message),
    stack: redactQueryValues(error.stack ?? ''),
  };
  const { code, statusCode } = error as Error & { code?: unknown; statusCode?: unknown };
  if (code !== undefined) out.code = code;
  if (statusCode !== undefined) out.statusCode = statusCode;
  return out;
}

/** Fastify's logger options (pino) with the redaction; `false` keeps the log off; `stream`: where lines go. */
export function redactingLogger(
  enabled: boolean,
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  if (!enabled) return false;
  return {
    ...(stream ? { stream } : {}),
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      err: redactError,
    },
    hooks: {
      logMethod(args, method) {
        const redacted = args.map((arg: unknown) => (typeof arg === 'string' ? redactQueryValues(arg) : arg));
        method.apply(this, redacted as Parameters<typeof method>);
      },
    },
  };
}

/**
 * One line per request, once it is answered: the request as `req` (redacted above) with its status and time,
 * what Fastify's « incoming request » and « request completed » lines said in two. Each line is serialised
 * and written on the request's path: two lines cost 6 % of the server's CPU per check-in (issue 31). A
 * failed answer keeps its own « request errored » line.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {
    // Said by requestCompleted.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    if (error)
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
