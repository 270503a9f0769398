/**
 * `npm run bench:export`: the complete export (GET /api/user/export?format=zip) of a big
 * history, 1,000 chats × 50 messages with 200 screenshots (150 sent in her chats, 50 uploaded
 * and never sent) and a profile picture, from the real server in its own process, read to the
 * end and thrown away. The figure is the server process's peak resident memory (VmHWM, Linux),
 * which must stay under 512 MB however large her history is: the zip and its JSON are written a
 * chat at a time. Also shown: its memory before, the zip's size and time, and, for comparison,
 * the peak during the JSON route (which builds its whole file in memory). Reports as 'export'.
 * BENCH_EXPORT_CHATS=3000 shows the zip's peak does not grow with her history (the JSON's does).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import sharp from 'sharp';
import { EXPORT_PATH, EXPORT_ZIP_PATH, PROFILE_IMAGE_FIELD } from '@shared/account';
import { imageUrlOf } from '@shared/ocr-api';
import { imageFile, writeImageFile } from '../sync-server/src/images/files';
import { insertImage } from '../sync-server/src/images/repo';
import { makeDataDir } from '../tests/integration/harness';
import { startServer, stopProcess } from './process';
import { report } from './report';
import { seedHistory, withDataDirDb } from './seed';

const CHATS = Number(process.env.BENCH_EXPORT_CHATS ?? 1000);
const MESSAGES_PER_CHAT = 50;
const SCREENSHOTS = 200;
const SENT_SCREENSHOTS = 150;
/** Distinct noise images (noise does not compress: each file weighs what it would). */
const DISTINCT_IMAGES = 8;
const IMAGE_SIDE = 384;
const BUDGET_MB = 512;

const MB = 1024 * 1024;

/** The process's resident memory now and at its peak, from /proc (bytes). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kB = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) * 1024;
  return { rss: kB('VmRSS'), peak: kB('VmHWM') };
}

/**
 * The process's peak resident memory while `work` runs: its peak (VmHWM) set back to its
 * memory now first (clear_refs 5), so what it did before (its start, sharp's thumbnail) does not
 * count; and, where that is refused, the highest RSS seen every 10 ms.
 */
async function peakDuring<T>(pid: number, work: () => Promise<T>) {
  let reset = true;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    reset = false;
  }
  const before = memoryOf(pid);
  let sampled = before.rss;
  const sampler = setInterval(() => {
    sampled = Math.max(sampled, memoryOf(pid).rss);
  }, 10);
  try {
    const result = await work();
    const after = memoryOf(pid);
    sampled = Math.max(sampled, after.rss);
    return { result, before: before.rss, peak: reset ? Math.max(after.peak, sampled) : sampled };
  } finally {
    clearInterval(sampler);
  }
}

async function register(baseUrl: string): Promise<{ id: string; cookie: string }> {
  const answer = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `export-${randomUUID()}@example.com`,
      password: 'bench-pass-123',
    }),
  });
  if (answer.status !== 201) throw new Error(`register answered ${answer.status}`);
  const body = (await answer.json()) as { id: string };
  const cookie = answer.headers.getSetCookie()[0]?.split(';')[0];
  if (!cookie) throw new Error('register set no session cookie');
  return { id: body.id, cookie };
}

async function uploadPicture(baseUrl: string, cookie: string): Promise<void> {
  const png = await sharp({
    create: { width: 600, height: 600, channels: 3, background: '#e91e63' },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append(
    PROFILE_IMAGE_FIELD,
    new Blob([new Uint8Array(png)], { type: 'image/png' }),
    'me.png',
  );
  const answer = await fetch(`${baseUrl}/api/user/profile-image`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  });
  if (answer.status !== 200) throw new Error(`profile picture answered ${answer.status}`);
}

/**
 * Her screenshots, as storeImage keeps them (a file and an images row), written straight into
 * the data dir; the first SENT_SCREENSHOTS are shown by one of her messages each.
 */
async function seedScreenshots(dataDir: string, userId: string): Promise<number> {
  const pngs = await Promise.all(
    Array.from({ length: DISTINCT_IMAGES }, () =>
      sharp(randomBytes(IMAGE_SIDE * IMAGE_SIDE * 3), {
        raw: { width: IMAGE_SIDE, height: IMAGE_SIDE, channels: 3 },
      })
        .png()
        .toBuffer(),
    ),
  );
  let bytes = 0;
  await withDataDirDb(dataDir, async (db) => {
    const mine = await db
      .selectFrom('messages')
      .select('id')
      .where('user_id', '=', userId)
      .where('role', '=', 'user')
      .orderBy('chat_id')
      .limit(SENT_SCREENSHOTS)
      .execute();
    for (let i = 0; i < SCREENSHOTS; i += 1) {
      const png = pngs[i % pngs.length] as Buffer;
      const row = {
        id: randomBytes(16).toString('base64url'),
        userId,
        format: 'png' as const,
        bytes: png.length,
        width: IMAGE_SIDE,
        height: IMAGE_SIDE,
        createdAt: Date.now(),
      };
      await writeImageFile(imageFile(dataDir, row), png);
      await insertImage(db, row);
      bytes += png.length;
      const message = mine[i];
      if (i < SENT_SCREENSHOTS && message) {
        await db
          .updateTable('messages')
          .set({
            image_url: imageUrlOf(row.id),
            is_ocr: 1,
            extracted_text: 'Them: are we still on for friday?\nMe: yes!! 7pm',
          })
          .where('id', '=', message.id)
          .execute();
      }
    }
  });
  return bytes;
}

/** Reads a download to its end, keeping only its size and its last bytes. */
async function drain(baseUrl: string, pathname: string, cookie: string) {
  const started = performance.now();
  const answer = await fetch(`${baseUrl}${pathname}`, { headers: { cookie } });
  if (answer.status !== 200 || !answer.body)
    throw new Error(`${pathname} answered ${answer.status}`);
  let size = 0;
  let tail = Buffer.alloc(0);
  for await (const chunk of answer.body) {
    size += chunk.length;
    tail = Buffer.concat([tail, chunk]).subarray(-64);
  }
  return {
    size,
    tail,
    seconds: (performance.now() - started) / 1000,
    type: answer.headers.get('content-type'),
  };
}

async function main() {
  const dataDir = await makeDataDir();
  const { child: server, baseUrl } = await startServer(dataDir);
  try {
    const pid = server.pid ?? 0;
    const user = await register(baseUrl);
    await uploadPicture(baseUrl, user.cookie);
    await withDataDirDb(dataDir, (db) =>
      seedHistory(db, { userId: user.id, chats: CHATS, messagesPerChat: MESSAGES_PER_CHAT }),
    );
    const imageBytes = await seedScreenshots(dataDir, user.id);

    const zipRun = await peakDuring(pid, () => drain(baseUrl, EXPORT_ZIP_PATH, user.cookie));
    const zip = zipRun.result;
    // The end of central directory record (zip64's comes before it): the zip was written whole.
    const whole =
      zip.type === 'application/zip' && zip.tail.subarray(-22).readUInt32LE(0) === 0x06054b50;
    const jsonRun = await peakDuring(pid, () => drain(baseUrl, EXPORT_PATH, user.cookie));
    const json = jsonRun.result;

    const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
    report('export', [
      {
        measure:
          `server peak RSS during the zip export, ${CHATS.toLocaleString('en')} chats × ` +
          `${MESSAGES_PER_CHAT} messages, ${SCREENSHOTS} screenshots`,
        value: mb(zipRun.peak),
        budget: `< ${BUDGET_MB} MB`,
        ok: zipRun.peak < BUDGET_MB * MB,
      },
      {
        measure: 'server RSS when the export began',
        value: mb(zipRun.before),
        budget: '',
        ok: true,
      },
      {
        measure: 'zip size; time to read it all (s)',
        value: `${mb(zip.size)} (screenshots ${mb(imageBytes)}); ${zip.seconds.toFixed(2)}`,
        budget: 'a whole zip',
        ok: whole,
      },
      {
        measure: 'for comparison: peak RSS during the JSON route (its file built in memory)',
        value: `${mb(jsonRun.peak)} (from ${mb(jsonRun.before)}; JSON ${mb(json.size)}, ${json.seconds.toFixed(2)} s)`,
        budget: '',
        ok: true,
      },
    ]);
  } finally {
    await stopProcess(server);
    if (!process.env.BENCH_KEEP_DATA) await rm(dataDir, { recursive: true, force: true });
    else console.log(`data kept in ${dataDir}`);
  }
}

await main();
