/**
 * The baseline of `npm run bench:server`: a bare Koa hello-world, nothing else, on loopback at
 * PORT. Run as its own process (`node --import tsx bench/bare-koa.ts`), as the real server is.
 *
 * With ANSWER_FILE (a recorded answer: its headers and its body, base64), it answers every
 * request with those bytes and headers instead: what Koa costs to send an answer of that
 * shape, with none of the work that made it.
 */
import { readFileSync } from 'node:fs';
import Koa from 'koa';

export interface RecordedAnswer {
  headers: [string, string][];
  bodyBase64: string;
}

/** Headers Koa and Node set on every answer themselves. */
const SET_BY_NODE = new Set(['content-length', 'date', 'connection', 'keep-alive']);

const app = new Koa();
const file = process.env.ANSWER_FILE;
if (file) {
  const answer = JSON.parse(readFileSync(file, 'utf8')) as RecordedAnswer;
  const body = Buffer.from(answer.bodyBase64, 'base64');
  const headers = answer.headers.filter(([name]) => !SET_BY_NODE.has(name.toLowerCase()));
  app.use((ctx) => {
    for (const [name, value] of headers) ctx.set(name, value);
    ctx.body = body;
  });
} else {
  app.use((ctx) => {
    ctx.body = 'Hello World';
  });
}
app.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
