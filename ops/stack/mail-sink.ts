import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/**
 * The local stack's mail server: the instances send real SMTP to it (SMTP_HOST), and it keeps each
 * message as an .eml file instead of delivering it, so a sign-up's confirmation link can be followed
 * (production never logs links). Usage: node mail-sink.ts DIRECTORY PORT.
 */
const [directory, port] = process.argv.slice(2);
if (!directory || !port) throw new Error('usage: node mail-sink.ts DIRECTORY PORT');
fs.mkdirSync(directory, { recursive: true });
let count = 0;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const name = `${Date.now()}-${String(++count).padStart(4, '0')}.eml`;
      // Written aside and renamed: a reader never sees half a message.
      const file = path.join(directory, name);
      fs.writeFileSync(`${file}.part`, Buffer.concat(chunks));
      fs.renameSync(`${file}.part`, file);
      console.log(`kept ${name}`);
      callback();
    });
  },
});
server.listen(Number(port), '127.0.0.1', () =>
  console.log(`mail sink on 127.0.0.1:${port}, keeping mail in ${directory}`),
);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
