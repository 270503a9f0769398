import { pino } from 'pino';
import type { DestinationStream, Logger, LoggerOptions } from 'pino';
import type { Config } from './config';

export type { Logger };

export const REDACTED = '[Redacted]';

/** Credentials: never in a log line, at any of the depths a log object has here. */
const SECRET_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'cookie',
  'authorization',
  'set-cookie',
];
/** What she wrote or what her screenshot says: private, and kept out of the logs too. */
const TEXT_KEYS = ['content', 'text', 'extractedText'];
/**
 * `message` is also what an Error calls its text (`err.message`, which ops need), so it is
 * hidden at the top, two levels down, and one level down under the names a request body, a
 * mutation or a chat row is logged with.
 */
const MESSAGE_CONTAINERS = ['body', 'request', 'mutation', 'chat', 'userMessage', 'reply', 'data'];

const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? `.${name}` : `["${name}"]`);
const atDepths = (name: string) => [
  key(name).replace(/^\./, ''),
  `*${key(name)}`,
  `*.*${key(name)}`,
];

export const REDACT_PATHS: string[] = [
  ...[...SECRET_KEYS, ...TEXT_KEYS].flatMap(atDepths),
  'message',
  '*.*.message',
  ...MESSAGE_CONTAINERS.map((container) => `${container}.message`),
];

export const LOG_REDACTION: LoggerOptions['redact'] = { paths: REDACT_PATHS, censor: REDACTED };

/**
 * The server's logger: JSON lines at LOG_LEVEL, secrets and her words replaced by a censor.
 * By default to stdout without blocking: a line goes out at once when no write is under way,
 * and the lines logged meanwhile go together in the next one. pino writes what is left when
 * the process exits, a crash included (logger.test.ts).
 */
export function createLogger(
  config: Pick<Config, 'logLevel'>,
  destination: DestinationStream = pino.destination({ dest: 1, sync: false }),
): Logger {
  return pino({ level: config.logLevel, redact: LOG_REDACTION }, destination);
}
