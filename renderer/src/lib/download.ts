/** Saves bytes or text through the browser's download flow (Electron shows its save dialog). */
export function download(data: Uint8Array | string, fileName: string, type: string) {
  const url = URL.createObjectURL(new Blob([data as BlobPart], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
