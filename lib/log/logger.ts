import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';

/**
 * Field names that must never reach a log line, wherever they sit. The code logs none of them on
 * purpose; this is the second guard, for the day someone logs a whole object.
 */
const SECRET_FIELDS = ['password', 'oldPassword', 'newPassword', 'token', 'xEftpayToken', 'en', 'captcha', 'cardNo', 'card_no', 'pan', 'cookie', 'authorization', 'x-eftpay-token'];
const REDACT = SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]);

/**
 * The process's structured logger: one JSON object per line (pino), level from LOG_LEVEL (default
 * info), human-readable with LOG_PRETTY=1 and by default under `next dev`. `service` names the
 * process: the portal or the reference services.
 */
export function createLogger(service: 'portal' | 'upstream', env: NodeJS.ProcessEnv = process.env, destination?: DestinationStream): Logger {
  const prettyOutput = env.LOG_PRETTY ? env.LOG_PRETTY === '1' : env.NODE_ENV === 'development';
  return pino(
    {
      level: env.LOG_LEVEL || 'info',
      base: { service },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT, censor: '[redacted]' },
      formatters: { level: (label) => ({ level: label }) },
    },
    destination ?? (prettyOutput ? pretty({ colorize: true, sync: true }) : pino.destination({ sync: true })),
  );
}

const LOGGER = Symbol.for('portal.logger');

/** The portal's logger, one per process (the proxy and the route handlers are bundled apart). */
export function portalLog(): Logger {
  const holder = globalThis as { [LOGGER]?: Logger };
  holder[LOGGER] ??= createLogger('portal');
  return holder[LOGGER];
}
