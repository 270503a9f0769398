const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/**
 * A UUID of version 7 (RFC 9562): the Unix time in milliseconds in its first 48 bits, then 74
 * random bits. Ids made one after another sort one after another, so an index keyed by them
 * takes each new row on its last pages: a commit of many new messages (their ids, their
 * replies' `reply_to`, their reply jobs) writes a few pages of each such index, where random
 * ids (version 4) land each row on a page of its own. It tells no more of when the row was made
 * than the row's `createdAt`, which goes with it everywhere.
 */
export function uuidv7(now: number = Date.now()): string {
  const random = randomBytes();
  let text = '';
  let time = now;
  for (let index = 5; index >= 0; index -= 1) {
    text = HEX[time % 256] + text;
    time = Math.floor(time / 256);
  }
  text = `${text.slice(0, 8)}-${text.slice(8)}-`;
  text += HEX[0x70 | ((random[0] ?? 0) & 0x0f)];
  text += `${HEX[random[1] ?? 0]}-`;
  text += HEX[0x80 | ((random[2] ?? 0) & 0x3f)];
  text += `${HEX[random[3] ?? 0]}-`;
  for (let index = 4; index < 10; index += 1) text += HEX[random[index] ?? 0];
  return text;
}

/** Random bytes are asked of the system in bulk (a call each cost more than the rest of an id). */
const POOL_IDS = 128;
let pool = new Uint8Array(0);
let used = 0;

/** Ten fresh random bytes: the 74 random bits of an id, and its version and variant bits. */
function randomBytes(): Uint8Array {
  if (used >= pool.length) {
    pool = crypto.getRandomValues(new Uint8Array(10 * POOL_IDS));
    used = 0;
  }
  used += 10;
  return pool.subarray(used - 10, used);
}
