/** What every benchmark prints: one line per target, met or missed, and a non-zero exit on a miss. */

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
};

export interface Report {
  target(name: string, met: boolean, detail: string): void;
  /** Prints the count of targets met and missed and sets the exit code on a miss. */
  finish(): number;
}

export function report(width = 58): Report {
  const results: { name: string; met: boolean }[] = [];
  return {
    target(name, met, detail) {
      results.push({ name, met });
      process.stdout.write(`${met ? 'met   ' : 'MISSED'}  ${name.padEnd(width)} ${detail}\n`);
    },
    finish() {
      const missed = results.filter((r) => !r.met).length;
      process.stdout.write(
        `\n${results.length - missed} of ${results.length} targets met, ${missed} missed\n`,
      );
      if (missed) process.exitCode = 1;
      return missed;
    },
  };
}
