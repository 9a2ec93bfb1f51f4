import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    afterResponse: AfterResponse;
  }
  interface FastifyRequest {
    afterResponseWork: { work: () => Promise<unknown>; done: () => void }[] | null;
  }
}

/**
 * Work a route leaves for after its answer has been sent, so that the answer takes the same time
 * whatever the work finds (e.g. whether an email has an account). Failures are logged; nothing
 * reaches the client, which already has its answer.
 */
export class AfterResponse {
  private readonly pending = new Set<Promise<void>>();

  /** Queues work to start once this request's answer is on the wire. */
  schedule(request: FastifyRequest, work: () => Promise<unknown>) {
    let done: () => void = () => {};
    const finished = new Promise<void>((resolve) => {
      done = resolve;
    });
    this.pending.add(finished);
    void finished.then(() => this.pending.delete(finished));
    request.afterResponseWork ??= [];
    request.afterResponseWork.push({ work, done });
  }

  /** Resolves when all work scheduled so far has finished (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}

export function registerAfterResponse(app: FastifyInstance) {
  const after = new AfterResponse();
  app.decorate('afterResponse', after);
  app.decorateRequest('afterResponseWork', null);

  const runScheduled = async (request: FastifyRequest) => {
    const jobs = request.afterResponseWork ?? [];
    request.afterResponseWork = null;
    for (const { work, done } of jobs) {
      try {
        await work();
      } catch (err) {
        request.log.error({ err }, 'work after the answer failed');
      } finally {
        done();
      }
    }
  };
  app.addHook('onResponse', runScheduled);
  // A client that hangs up does not cancel what its request asked for.
  app.addHook('onRequestAbort', runScheduled);
  app.addHook('onClose', async () => after.settled());
}
