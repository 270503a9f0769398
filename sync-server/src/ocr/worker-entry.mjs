// The OCR pool thread entry (reader.ts). Worker threads do not inherit a loader registered
// at run time (`npm start` registers tsx in-process), so this JavaScript file loads the
// TypeScript task with tsx's own import, whatever started the server: tsx, node --import tsx,
// or vitest.
import { tsImport } from 'tsx/esm/api';

const task = tsImport('./worker.ts', import.meta.url).then((module) => module.default);

export default async function run(input) {
  return (await task)(input);
}
