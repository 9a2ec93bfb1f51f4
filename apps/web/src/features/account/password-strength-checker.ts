import type { PasswordStrength } from '@pulsa/shared/password/strength';

/** What the page asks the worker (password-strength.worker.ts), and what it answers. */
export interface StrengthRequest {
  id: number;
  password: string;
  userInputs: string[];
}
export type StrengthAnswer = { id: number; result: PasswordStrength } | { id: number; failed: true };

type Check = (password: string, userInputs: string[]) => Promise<PasswordStrength>;

/** Where a module worker cannot start: the same check on the page's thread, loaded on first use. */
const onThisThread: Check = async (password, userInputs) =>
  (await import('@pulsa/shared/password/strength')).passwordStrength(password, userInputs);

function inWorker(): Check | null {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./password-strength.worker.ts', import.meta.url), {
      type: 'module',
      name: 'password-strength',
    });
  } catch {
    return null;
  }
  let lastId = 0;
  const waiting = new Map<number, { resolve: (r: PasswordStrength) => void; reject: (e: Error) => void }>();
  worker.addEventListener('message', ({ data }: MessageEvent<StrengthAnswer>) => {
    const request = waiting.get(data.id);
    waiting.delete(data.id);
    if ('result' in data) request?.resolve(data.result);
    else request?.reject(new Error('the password strength check failed'));
  });
  // The worker could not load (its script or the dictionary refused, an old browser): what is
  // waiting fails, and later checks run on this thread.
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    check = onThisThread;
    for (const request of waiting.values()) request.reject(new Error('the password strength worker failed'));
    waiting.clear();
    worker.terminate();
  });
  return (password, userInputs) =>
    new Promise((resolve, reject) => {
      const id = ++lastId;
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, password, userInputs } satisfies StrengthRequest);
    });
}

let check: Check | undefined;

/** Starts the checker: a worker that loads the dictionary at once, off the page's main thread. */
export function startPasswordStrength(): void {
  check ??= (typeof Worker === 'function' ? inWorker() : null) ?? onThisThread;
}

/** The strength of `password`, once the checker has its dictionary. */
export function checkPasswordStrength(password: string, userInputs: string[]): Promise<PasswordStrength> {
  startPasswordStrength();
  return (check ?? onThisThread)(password, userInputs);
}
