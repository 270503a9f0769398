import OpenAI from 'openai';
import type { Logger } from '../logger';
import { MODEL_HISTORY_ROWS, systemPrompt, trimHistory } from './prompt';
import type { ReplyProvider, ReplyRequest } from './types';

export interface OpenAiOptions {
  baseUrl: string | undefined;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
}

/** Local servers (Ollama, llama.cpp, vLLM) need no key, but the SDK insists on one. */
const KEYLESS_PLACEHOLDER = 'not-needed';

/** Replies from any OpenAI-compatible chat completions API, streamed. */
export function openAiProvider(options: OpenAiOptions, logger: Logger): ReplyProvider {
  const client = new OpenAI({
    apiKey: options.apiKey ?? KEYLESS_PLACEHOLDER,
    baseURL: options.baseUrl,
    timeout: options.timeoutMs,
    maxRetries: 2,
  });

  async function* generate(request: ReplyRequest): AsyncIterable<string> {
    const stream = await client.chat.completions.create(
      {
        model: options.model,
        stream: true,
        messages: [
          { role: 'system', content: systemPrompt(request) },
          ...trimHistory(request.history).map((item) => ({
            role: item.role,
            content: item.content,
          })),
        ],
      },
      { signal: request.signal },
    );
    for await (const chunk of stream) {
      const text = chunk.choices[0]?.delta?.content;
      if (text) yield text;
    }
  }

  async function flagsSelfHarm(text: string, signal?: AbortSignal): Promise<boolean> {
    try {
      const result = await client.moderations.create({ input: text }, { signal });
      return result.results.some(
        (item) =>
          item.categories['self-harm'] ||
          item.categories['self-harm/intent'] ||
          item.categories['self-harm/instructions'],
      );
    } catch (error) {
      // The patterns already ran; a moderation outage must not block the chat.
      logger.warn({ err: error }, 'moderation check failed');
      return false;
    }
  }

  return { name: 'openai', historyRows: MODEL_HISTORY_ROWS, generate, flagsSelfHarm };
}
