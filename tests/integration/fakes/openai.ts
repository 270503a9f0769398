import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: {
    model?: string;
    stream?: boolean;
    messages?: { role: string; content: string }[];
    input?: string;
  };
}

/**
 * An OpenAI-compatible server on loopback: POST /v1/chat/completions (with and without
 * `stream: true`) and POST /v1/moderations. It records every request and can fail on demand.
 */
export class FakeOpenAi {
  readonly requests: RecordedRequest[] = [];
  /** The text of every completion. */
  reply = 'Oh babe, I hear you. UNIQUE-MARKER-xyz is the second sentence. And more.';
  /** Moderation flags self-harm when the input contains this. */
  moderationTrigger = 'MODERATION-FLAG-7';
  private failures = 0;
  private server: Server | undefined;
  url = '';

  /** The next `count` completion requests answer 500. */
  failNext(count: number): void {
    this.failures = count;
  }

  completions(): RecordedRequest[] {
    return this.requests.filter((request) => request.path.endsWith('/chat/completions'));
  }

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      request.on('end', () => {
        const body = raw ? JSON.parse(raw) : {};
        const path = request.url ?? '';
        this.requests.push({ path, headers: request.headers, body });
        if (path.endsWith('/moderations')) {
          const flagged = String(body.input).includes(this.moderationTrigger);
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify(moderation(flagged)));
          return;
        }
        if (!path.endsWith('/chat/completions')) {
          response.writeHead(404, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ error: { message: 'no such route' } }));
          return;
        }
        if (this.failures > 0) {
          this.failures--;
          response.writeHead(500, { 'content-type': 'application/json' });
          response.end(
            JSON.stringify({ error: { message: 'upstream exploded', type: 'server_error' } }),
          );
          return;
        }
        if (body.stream) this.stream(response);
        else {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify(completion(this.reply)));
        }
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}/v1`;
    return this.url;
  }

  private stream(response: ServerResponse): void {
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const words = this.reply.split(/(?<= )/);
    for (const word of words) {
      response.write(`data: ${JSON.stringify(chunk({ content: word }, null))}\n\n`);
    }
    response.write(`data: ${JSON.stringify(chunk({}, 'stop'))}\n\n`);
    response.end('data: [DONE]\n\n');
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.server?.closeAllConnections();
      this.server?.close(() => resolve());
    });
  }
}

const base = () => ({ id: 'chatcmpl-fake', created: 1, model: 'fake-model' });

function chunk(delta: { content?: string }, finishReason: string | null) {
  return {
    ...base(),
    object: 'chat.completion.chunk',
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
}

function completion(content: string) {
  return {
    ...base(),
    object: 'chat.completion',
    choices: [
      { index: 0, message: { role: 'assistant', content }, finish_reason: 'stop', logprobs: null },
    ],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}

function moderation(flagged: boolean) {
  return {
    id: 'modr-fake',
    model: 'omni-moderation-latest',
    results: [
      {
        flagged,
        categories: {
          'self-harm': flagged,
          'self-harm/intent': flagged,
          'self-harm/instructions': false,
        },
        category_scores: { 'self-harm': flagged ? 0.9 : 0.01 },
      },
    ],
  };
}
