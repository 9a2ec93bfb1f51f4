import { UPLOAD_MESSAGES } from '@pulsa/shared/schemas/uploads';

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

/**
 * Multipart bodies no parser can read: no boundary in the header, a body cut inside a part's
 * headers, one cut inside the file, and one whose boundary never appears. Each must be a 400 in
 * Portuguese, never a 500.
 */
export function malformedMultipartBodies(): {
  label: string;
  payload: Buffer;
  headers: Record<string, string>;
}[] {
  const boundary = '----pulsacut';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  return [
    {
      label: 'no boundary',
      payload: Buffer.from(`${head}%PDF-1.4\r\n--${boundary}--\r\n`),
      headers: { 'content-type': 'multipart/form-data' },
    },
    {
      label: 'cut inside the part headers',
      payload: Buffer.from(`--${boundary}\r\nContent-Disposition: form-da`),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    },
    {
      label: 'cut inside the file',
      payload: Buffer.from(`${head}%PDF-1.4\n1 0 obj`),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    },
    {
      label: 'another boundary',
      payload: Buffer.from(`${head}%PDF-1.4\r\n--${boundary}--\r\n`),
      headers: { 'content-type': 'multipart/form-data; boundary=outra' },
    },
  ];
}

/** Sends every malformed body through `send` and expects a Portuguese 400 for each. */
export async function expectMalformedMultipartRefused(
  send: (body: { payload: Buffer; headers: Record<string, string> }) => Promise<{
    statusCode: number;
    json: () => { message?: string };
  }>,
  expect: (actual: unknown) => { toEqual(expected: unknown): void },
) {
  const answers: Record<string, unknown> = {};
  const expected: Record<string, unknown> = {};
  for (const body of malformedMultipartBodies()) {
    const res = await send(body);
    answers[body.label] = { status: res.statusCode, message: res.json().message };
    expected[body.label] = { status: 400, message: UPLOAD_MESSAGES.malformed };
  }
  expect(answers).toEqual(expected);
}
