/**
 * Saves a file the server sent as a download, under the name its Content-Disposition gives (`fallbackName` when it
 * gives none), and returns that name.
 */
export async function saveDownload(res: Response, fallbackName: string): Promise<string> {
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked on a later turn: some browsers read the address after the click has returned.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
