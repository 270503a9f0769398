import { ConfigError, loadConfig } from './config';
import type { Config } from './config';
import { databaseErrorText, isDatabaseUnavailable } from './db/database';
import { StartRefused } from './db/startupCheck';
import { createLogger } from './logger';
import { startServer } from './server';

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

async function main(): Promise<void> {
  const config = configOrExit();
  const logger = createLogger(config);
  const running = await startServer(config, { logger });
  logger.info({ url: running.url }, `Besties listening on ${running.url}`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'Besties is shutting down');
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  // A refusal's message says what to do; its stack would only bury it.
  if (error instanceof StartRefused) console.error(error.message);
  else if (isDatabaseUnavailable(error)) {
    console.error(
      `PostgreSQL at DATABASE_URL cannot be reached: ${databaseErrorText(error)}. ` +
        'Start it, or fix DATABASE_URL, and start Besties again.',
    );
  } else console.error(error);
  process.exit(1);
});
