import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Vitest global set-up: every app built by createTestApp logs (level info) into one directory for
 * the run; at the end the logs of the whole run are scanned for personal data and secrets, and the
 * run fails if any line holds one. Request bodies are never logged, so this catches error lines
 * that carry values (a failed insert's parameters) and careless `log.info({ email })` calls.
 */
const FINDINGS: { name: string; pattern: RegExp }[] = [
  { name: 'email address', pattern: /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/ },
  // Eleven digits on their own (not the tail of a UUID or part of a longer number).
  { name: 'CPF', pattern: /\b\d{3}\.\d{3}\.\d{3}-\d{2}\b|(?<![\w.-])\d{11}(?![\w.])/ },
  // newSecretToken(): 32 random bytes as base64url.
  { name: 'session or link token', pattern: /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/ },
  {
    name: 'password',
    pattern: /"(?:password|confirmPassword|currentPassword|newPassword)":"(?!\[redacted\])/,
  },
  { name: 'password hash', pattern: /scrypt\$\d+\$/ },
];

export function scanLogLines(text: string): { name: string; line: string }[] {
  const found: { name: string; line: string }[] = [];
  for (const line of text.split('\n')) {
    if (!line) continue;
    for (const { name, pattern } of FINDINGS) {
      if (pattern.test(line)) found.push({ name, line: line.slice(0, 400) });
    }
  }
  return found;
}

export default function setup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pulsa-test-logs-'));
  process.env.PULSA_TEST_LOG_DIR = dir;
  return () => {
    try {
      const lines = fs
        .readdirSync(dir)
        .map((file) => fs.readFileSync(path.join(dir, file), 'utf8'))
        .join('\n');
      const found = scanLogLines(lines);
      if (found.length > 0) {
        const sample = found.slice(0, 10).map((f) => `  ${f.name}: ${f.line}`);
        // Vitest only reports a teardown error; the exit code is what fails the run.
        process.exitCode = 1;
        throw new Error(`The test run's logs hold personal data or secrets:\n${sample.join('\n')}`);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
}
