import type { Config } from '../config';
import type { Logger } from '../logger';
import { builtinProvider } from './builtin/engine';
import { openAiProvider } from './openai';
import type { ReplyProvider } from './types';

/** The provider the config asks for: OPENAI_* set -> an OpenAI-compatible API, else built-in. */
export function createReplyProvider(config: Config, logger: Logger): ReplyProvider {
  if (config.replyProvider === 'builtin') {
    return builtinProvider({ pieceDelayMs: config.builtinReplyPieceDelayMs });
  }
  return openAiProvider(
    {
      baseUrl: config.openaiBaseUrl,
      apiKey: config.openaiApiKey,
      model: config.openaiModel,
      timeoutMs: config.openaiTimeoutMs,
    },
    logger,
  );
}
