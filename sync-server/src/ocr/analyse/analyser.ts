import type { Config } from '../../config';
import type { Logger } from '../../logger';
import { modelAnalyser } from './model';
import { rulesAnalyser } from './rules';
import type { Analyser } from './types';

/** The model when OPENAI_* is set (falling back to the rules on any failure), else the rules. */
export function createAnalyser(config: Config, logger: Logger): Analyser {
  if (config.replyProvider === 'builtin') return rulesAnalyser();
  return modelAnalyser(
    {
      baseUrl: config.openaiBaseUrl,
      apiKey: config.openaiApiKey,
      model: config.openaiModel,
      timeoutMs: config.openaiTimeoutMs,
      vision: config.openaiVision,
    },
    logger,
  );
}
