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
    frequency_penalty?: number;
    response_format?: { type: string; json_schema?: { name: string; schema: unknown } };
  };
}

/**
 * An OpenAI-compatible server on loopback: POST /v1/chat/completions (with and without
 * `stream: true`; with a json_schema response_format, the crisis check or the memory
 * extraction) and POST /v1/moderations. It records every request and can fail on demand.
 */
export class FakeOpenAi {
  readonly requests: RecordedRequest[] = [];
  /** The text of every completion, once `queued` is empty. */
  reply = 'Oh babe, I hear you. UNIQUE-MARKER-xyz is the second sentence. And more.';
  /** The texts of the next completions, one each, before `reply` again. */
  readonly queued: string[] = [];
  /** Moderation flags self-harm when the input contains this. */
  moderationTrigger = 'MODERATION-FLAG-7';
  /** Milliseconds a streamed completion waits before each of its pieces (a slow model). */
  pieceDelayMs = 0;
  /** The crisis check (structured output) answers crisis: true when her message has this. */
  checkTrigger = 'CHECK-FLAG-8';
  /** Milliseconds the crisis check takes, and whether it answers 500 instead. */
  checkDelayMs = 0;
  checkFails = false;
  /** What the memory extraction (structured output) answers, as the model's JSON text. */
  memoryAnswer = '{"memories":[]}';
  private failures = 0;
  private gate: { opened: Promise<void>; open: () => void } | undefined;
  private server: Server | undefined;
  url = '';

  /** The next `count` completion requests answer 500. */
  failNext(count: number): void {
    this.failures = count;
  }

  /** Streamed completions wait before their first piece until release(). */
  hold(): void {
    let open = () => {};
    const opened = new Promise<void>((resolve) => (open = resolve));
    this.gate = { opened, open };
  }

  release(): void {
    this.gate?.open();
    this.gate = undefined;
  }

  /** The completions that wrote replies (not the crisis checks nor the memory extractions). */
  completions(): RecordedRequest[] {
    return this.requests.filter(
      (request) =>
        request.path.endsWith('/chat/completions') &&
        !isCheck(request.body) &&
        !isExtraction(request.body),
    );
  }

  /** The memory extractions asked of the model. */
  extractions(): RecordedRequest[] {
    return this.requests.filter(
      (request) => request.path.endsWith('/chat/completions') && isExtraction(request.body),
    );
  }

  /** The crisis checks asked of the model. */
  checks(): RecordedRequest[] {
    return this.requests.filter(
      (request) => request.path.endsWith('/chat/completions') && isCheck(request.body),
    );
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
        if (path.endsWith('/chat/completions') && isCheck(body)) {
          void this.check(response, body);
          return;
        }
        if (path.endsWith('/chat/completions') && isExtraction(body)) {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify(completion(this.memoryAnswer)));
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
        const text = this.queued.shift() ?? this.reply;
        if (body.stream) void this.stream(response, text);
        else {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify(completion(text)));
        }
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}/v1`;
    return this.url;
  }

  private async check(response: ServerResponse, body: RecordedRequest['body']): Promise<void> {
    if (this.checkDelayMs > 0) await sleep(this.checkDelayMs);
    if (response.destroyed) return;
    if (this.checkFails) {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'check exploded', type: 'server_error' } }));
      return;
    }
    const text = body.messages?.at(-1)?.content ?? '';
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify(completion(JSON.stringify({ crisis: text.includes(this.checkTrigger) }))),
    );
  }

  /** The reply word by word; it stops when the caller hangs up. */
  private async stream(response: ServerResponse, text: string): Promise<void> {
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    response.flushHeaders();
    await this.gate?.opened;
    const words = text.split(/(?<= )/);
    for (const word of words) {
      if (this.pieceDelayMs > 0) await sleep(this.pieceDelayMs);
      if (response.destroyed) return;
      response.write(`data: ${JSON.stringify(chunk({ content: word }, null))}\n\n`);
    }
    if (response.destroyed) return;
    response.write(`data: ${JSON.stringify(chunk({}, 'stop'))}\n\n`);
    response.end('data: [DONE]\n\n');
  }

  async stop(): Promise<void> {
    this.release();
    await new Promise<void>((resolve) => {
      this.server?.closeAllConnections();
      this.server?.close(() => resolve());
    });
  }
}

/** The crisis check: structured output under its schema's name (OCR analysis has its own). */
const isCheck = (body: RecordedRequest['body']) =>
  body.response_format?.json_schema?.name === 'crisis_check';
const isExtraction = (body: RecordedRequest['body']) =>
  body.response_format?.json_schema?.name === 'memories';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
