/**
 * A server's answer read with a size limit that holds while it arrives. `Response.text()` and
 * `.json()` read the whole body before anyone can look at its size: a server that never stops
 * sending (a hostile CalDAV server, a language model or whatever sits between it and the app)
 * fills the main process's memory until the request's timeout. Here the read stops, and the
 * connection is closed, at the first byte past the limit.
 */

/** The body as UTF-8 text, or null when it is (or says it is) larger than `maxBytes`. */
export async function boundedText(res: Response, maxBytes: number): Promise<string | null> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (declared > maxBytes || !res.body) {
    await res.body?.cancel();
    return res.body ? null : '';
  }
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
