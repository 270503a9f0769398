/**
 * Saves a file she asked for (her data, a chat as Markdown) under `fileName`, through the
 * browser's own download. Works offline: the Blob is already on the device.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start reading the file after click() returns: let go of it a little later.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
