import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { EXPORT_ZIP_ENTRIES, exportFileName } from '@shared/account';
import { personaOf } from '../chats/present';
import type { ChatRow } from '../chats/repo';
import { sentImageUrls } from '../chats/service';
import type { Deps } from '../deps';
import { imageIdOf, listOwnImages } from '../images/service';
import type { UserRow } from '../users/repo';
import { profileImageFile, profileImageIdOf } from '../users/profileImage';
import { exportedChats, exportJsonChunks, planExport } from './export';
import { chatFileName, chatMarkdown, readmeMarkdown } from './exportMarkdown';

const { readme, data, chatsDir, profilePicture, screenshotsDir } = EXPORT_ZIP_ENTRIES;

/**
 * The complete export as a zip written while it is sent: README.md, data.json (the
 * JSON route's file, a chat at a time), a Markdown document per chat, then her profile picture
 * and every screenshot she uploaded, sent or not. yazl pumps one entry at a time and opens each
 * lazily, so memory holds one chat or one read buffer of a file, whatever her history's size.
 * Each chat's messages are read twice (for data.json, then its document), never all at once,
 * each when its entry is written.
 */
export async function exportZip(
  deps: Deps,
  props: { user: UserRow; currentIdHash: string | undefined },
): Promise<{ fileName: string; stream: Readable }> {
  const userId = props.user.id;
  const plan = await planExport(deps, props);
  const sent = new Set((await sentImageUrls(deps, { userId })).map(imageIdOf));
  const screenshots = (await existing(await listOwnImages(deps, { userId }))).map(
    ({ row, file }) => ({
      id: row.id,
      file,
      entry: `${screenshotsDir}/${row.id}.${row.format}`,
      uploadedAt: row.createdAt,
    }),
  );
  const pictureId = profileImageIdOf(props.user.profileImage);
  const [picture] = pictureId
    ? await existing([{ file: profileImageFile(deps.config.dataDir, { userId, id: pictureId }) }])
    : [];
  const entryOfImage = new Map(screenshots.map((shot) => [shot.id, shot.entry]));
  const imagePathOf = (url: string) => entryOfImage.get(imageIdOf(url) ?? '');
  const chats = plan.chats.map((row, index) => ({
    row,
    file: chatFileName(
      { title: row.title, createdAt: row.createdAt, personaName: personaName(row) },
      { index, count: plan.chats.length, dir: chatsDir },
    ),
  }));

  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  const fail = (error: unknown) => output.destroy(error as Error);
  zip.on('error', fail);
  const options = { mtime: new Date(plan.now) };
  const lazily = (entry: string, open: () => Readable, compress = true) =>
    zip.addReadStreamLazy(entry, { ...options, compress }, (done) => {
      try {
        done(null, open().on('error', fail));
      } catch (error) {
        done(error, Readable.from([]));
      }
    });

  zip.addBuffer(
    Buffer.from(
      readmeMarkdown({
        exportedAt: plan.head.exportedAt,
        who: props.user.name || props.user.email,
        profilePicture: picture ? profilePicture : undefined,
        dataFile: data,
        chats: chats.map(({ row, file }) => ({
          file,
          title: row.title,
          bestie: personaName(row),
          createdAt: row.createdAt,
        })),
        unsentScreenshots: screenshots
          .filter((shot) => !sent.has(shot.id))
          .map((shot) => ({ file: shot.entry, uploadedAt: shot.uploadedAt })),
      }),
    ),
    readme,
    options,
  );
  lazily(data, () =>
    Readable.from(bytes(exportJsonChunks(plan.head, exportedChats(deps, { userId, plan })))),
  );
  async function* chatDocument(row: ChatRow): AsyncGenerator<Buffer> {
    let text = '_This chat was deleted while the export was written._\n';
    for await (const chat of exportedChats(deps, { userId, plan, chats: [row] })) {
      text = chatMarkdown(chat, imagePathOf);
    }
    yield Buffer.from(text);
  }
  for (const { row, file } of chats) lazily(file, () => Readable.from(chatDocument(row)));
  // Images are stored compressed (PNG, WebP): deflating them again only costs time.
  if (picture) lazily(profilePicture, () => createReadStream(picture.file), false);
  for (const shot of screenshots) lazily(shot.entry, () => createReadStream(shot.file), false);
  zip.end();

  return { fileName: exportFileName(new Date(plan.now), 'zip'), stream: output };
}

const personaName = (row: ChatRow) => personaOf(row).name;

async function* bytes(chunks: AsyncIterable<string>): AsyncGenerator<Buffer> {
  for await (const chunk of chunks) yield Buffer.from(chunk);
}

/** Those of `files` still on disk (a file lost to a crash is left out, not a broken zip). */
async function existing<T extends { file: string }>(files: T[]): Promise<T[]> {
  const kept: T[] = [];
  for (const item of files) {
    const isFile = await stat(item.file).then(
      (stats) => stats.isFile(),
      () => false,
    );
    if (isFile) kept.push(item);
  }
  return kept;
}
