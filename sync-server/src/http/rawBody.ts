import type { AppContext } from './types';
import { payloadTooLarge } from './errors';

/**
 * The request body exactly as its bytes came, for a signature over them (a Stripe webhook):
 * the JSON parser skips such paths, because parsing and re-serialising would change them.
 */
export async function readRawBody(ctx: AppContext, limitBytes: number): Promise<Buffer> {
  const declared = Number(ctx.get('Content-Length'));
  if (Number.isFinite(declared) && declared > limitBytes) throw payloadTooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limitBytes) throw payloadTooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
