import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { Queryable } from '../db/client.ts';
import { publicContentVersions } from '../db/schema.ts';

/**
 * The shared cache of what anonymous visitors see: public pages and the public catalogue API
 * (decision 050). Every entry is keyed on the version of the public content, a counter in the
 * database that triggers raise whenever a table those answers read changes (a doctor approved, a
 * price changed, a name or photo edited, a specialty added) and announce it with NOTIFY at commit.
 * Every server listens and drops what it knew, so whoever made the change and on whichever
 * instance, the next visitor gets a fresh answer; a server that missed an announcement reads the
 * counter again within a second.
 */

/** The row of public_content_versions the catalogue's pages and API follow. */
export const PUBLIC_CATALOG = 'catalog';
/** The channel the version's trigger announces changes on. */
export const PUBLIC_CONTENT_CHANNEL = 'public_content';
/** How long a known version is trusted without an announcement (a lost one, a reconnect). */
const VERSION_MAX_AGE_MS = 1_000;
/** Entries are also dropped after this long, so anything time-dependent cannot get old. */
const MAX_ENTRY_AGE_MS = 5 * 60_000;
/** Distinct addresses kept (searches make many); the least used go first. */
const MAX_ENTRIES = 2_000;

/** What a shared cache may do with an anonymous answer: keep it, and ask again (ETag) before using it. */
export const PUBLIC_CACHE_CONTROL = 'public, no-cache';

export interface CachedAnswer {
  etag: string;
  contentType: string;
  statusCode: number;
  body: Buffer;
  /** Compressed on first demand, once per entry. */
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * The current version as this server knows it, without a database read per request: read once,
 * dropped when the database announces a change (NOTIFY from the version's trigger, delivered at
 * commit to every listening server) and, should an announcement be lost, after `maxAgeMs`. Requests
 * that need a read share it; a read that began before an announcement is never kept.
 */
export class VersionWatch {
  private readonly read: () => Promise<number>;
  private readonly maxAgeMs: number;
  private known: { version: number; at: number } | null = null;
  private reading: Promise<number> | null = null;
  /** Raised by every announcement, so a read that straddles one is used once and not kept. */
  private epoch = 0;

  constructor(read: () => Promise<number>, maxAgeMs: number) {
    this.read = read;
    this.maxAgeMs = maxAgeMs;
  }

  /** The database says the version changed. */
  changed(): void {
    this.epoch++;
    this.known = null;
    this.reading = null;
  }

  current(): Promise<number> {
    if (this.known && Date.now() - this.known.at < this.maxAgeMs) return Promise.resolve(this.known.version);
    if (this.reading) return this.reading;
    const epoch = this.epoch;
    const at = Date.now();
    const reading = this.read().then(
      (version) => {
        if (this.epoch === epoch) this.known = { version, at };
        if (this.reading === reading) this.reading = null;
        return version;
      },
      (error: unknown) => {
        if (this.reading === reading) this.reading = null;
        throw error;
      },
    );
    this.reading = reading;
    return reading;
  }
}

export async function readPublicVersion(db: Queryable, name = PUBLIC_CATALOG): Promise<number> {
  const [row] = await db
    .select({ version: publicContentVersions.version })
    .from(publicContentVersions)
    .where(eq(publicContentVersions.name, name));
  return row?.version ?? 0;
}

export interface PublicCache {
  /**
   * Answers from the cache, or computes the answer (null: not cacheable, nothing sent), keeps it
   * under this address and the version read before computing, and sends it. Returns false when
   * nothing was sent.
   */
  serve(
    request: FastifyRequest,
    reply: FastifyReply,
    compute: () => Promise<{ body: string; contentType: string; statusCode?: number } | null>,
  ): Promise<boolean>;
  /** Drops every entry (tests; a change the counter does not see). */
  clear(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    publicCache: PublicCache;
  }
}

function entryFor(version: number, statusCode: number, contentType: string, text: string): CachedAnswer {
  const body = Buffer.from(text);
  const hash = createHash('sha1').update(body).digest('base64url').slice(0, 16);
  return { etag: `"${version}-${hash}"`, contentType, statusCode, body };
}

/** br, gzip or none, as the visitor accepts (quality values are not weighed: both are offered). */
function chooseEncoding(request: FastifyRequest): 'br' | 'gzip' | null {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

function etagMatches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

export function sendCachedAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  reply
    .header('etag', answer.etag)
    .header('cache-control', PUBLIC_CACHE_CONTROL)
    .header('vary', 'accept-encoding, cookie');
  if (answer.statusCode === 200 && etagMatches(request, answer.etag)) return reply.code(304).send();
  reply.code(answer.statusCode).type(answer.contentType);
  // Small answers are not worth compressing (the compress plugin's own threshold).
  const encoding = answer.body.length >= 1024 ? chooseEncoding(request) : null;
  if (encoding === 'br') {
    answer.br ??= brotliCompressSync(answer.body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: answer.body.length },
    });
    return reply.header('content-encoding', 'br').send(answer.br);
  }
  if (encoding === 'gzip') {
    answer.gzip ??= gzipSync(answer.body, { level: 9 });
    return reply.header('content-encoding', 'gzip').send(answer.gzip);
  }
  return reply.send(answer.body);
}

export const publicCachePlugin = fp(async (app: FastifyInstance) => {
  const versions = new VersionWatch(() => readPublicVersion(app.db), VERSION_MAX_AGE_MS);
  const unlisten = await app.database.listen(PUBLIC_CONTENT_CHANNEL, () => versions.changed());
  app.addHook('onClose', async () => unlisten());
  const entries = new LRUCache<string, CachedAnswer & { version: number }>({
    max: MAX_ENTRIES,
    ttl: MAX_ENTRY_AGE_MS,
  });

  app.decorate('publicCache', {
    async serve(request, reply, compute) {
      const version = await versions.current();
      const key = `${request.method === 'HEAD' ? 'GET' : request.method} ${request.url}`;
      const kept = entries.get(key);
      if (kept && kept.version === version) {
        await sendCachedAnswer(request, reply, kept);
        return true;
      }
      const computed = await compute();
      if (!computed) return false;
      const answer = entryFor(version, computed.statusCode ?? 200, computed.contentType, computed.body);
      // Only successful answers are kept: addresses that do not exist must not push out real ones.
      if (answer.statusCode === 200) entries.set(key, { ...answer, version });
      await sendCachedAnswer(request, reply, answer);
      return true;
    },
    clear: () => entries.clear(),
  } satisfies PublicCache);
});
