/** A part of a multipart form: a text field or a file. */
export type Part =
  { name: string; value: string } | { name: string; file: Buffer; filename: string; type?: string };

/** A multipart body built by the platform's FormData, as a browser would send it. */
export async function multipart(
  parts: Part[],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const part of parts) {
    if ('value' in part) form.append(part.name, part.value);
    else
      form.append(
        part.name,
        new Blob([new Uint8Array(part.file)], { type: part.type ?? 'image/png' }),
        part.filename,
      );
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}
