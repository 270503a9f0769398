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
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let time = now;
  for (let index = 5; index >= 0; index -= 1) {
    bytes[index] = time % 256;
    time = Math.floor(time / 256);
  }
  bytes[6] = 0x70 | ((bytes[6] ?? 0) & 0x0f);
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
  let text = '';
  for (let index = 0; index < 16; index += 1) {
    if (index === 4 || index === 6 || index === 8 || index === 10) text += '-';
    text += HEX[bytes[index] ?? 0];
  }
  return text;
}
