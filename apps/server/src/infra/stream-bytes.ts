/** The bytes of a stream (a stored file, a sheet written for an archive), gathered whole. */
export async function bytesOf(stream: AsyncIterable<Buffer | string | Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}
