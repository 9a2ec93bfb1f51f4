/** A multipart/form-data body with one file, for app.inject. */
export function multipartFile(
  bytes: Buffer,
  fileName: string,
  contentType = 'application/octet-stream',
  field = 'file',
) {
  const boundary = `----pulsa${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
