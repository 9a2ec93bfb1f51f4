import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { ledgerEntries, ledgerTransactions } from '../db/schema.ts';
import { unbalancedTransactions as unbalancedLedgerTransactions } from '../modules/ledger/ledger.service.ts';

/** A payment's ledger as `kind: {account: amount}` lines, oldest first (tests read it at a glance). */
export async function ledgerOf(db: Queryable, paymentId: string) {
  const rows = await db
    .select({
      id: ledgerTransactions.id,
      kind: ledgerTransactions.kind,
      effectiveAt: ledgerTransactions.effectiveAt,
      account: ledgerEntries.account,
      amount: ledgerEntries.amount,
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .where(eq(ledgerTransactions.paymentId, paymentId))
    .orderBy(ledgerTransactions.createdAt, ledgerEntries.id);
  const out: { kind: string; effectiveAt: Date; lines: Record<string, number> }[] = [];
  const byId = new Map<string, (typeof out)[number]>();
  for (const r of rows) {
    let t = byId.get(r.id);
    if (!t) {
      t = { kind: r.kind, effectiveAt: r.effectiveAt, lines: {} };
      byId.set(r.id, t);
      out.push(t);
    }
    t.lines[r.account] = (t.lines[r.account] ?? 0) + r.amount;
  }
  return out;
}

/** Every transaction whose entries do not sum to zero (the database refuses them; none should exist). */
export async function unbalancedTransactions(db: Queryable): Promise<string[]> {
  return (await unbalancedLedgerTransactions(db)).map((t) => t.id);
}

/** The PostgreSQL error behind a driver's or drizzle's wrapping, for tests of the database's rules. */
export function pgErrorOf(error: unknown): { code?: string; constraint?: string; message: string } {
  let current: unknown = error;
  for (let depth = 0; current && depth < 6; depth++) {
    const c = current as { code?: unknown; constraint?: string; message?: string; cause?: unknown };
    if (typeof c.code === 'string' && /^[0-9A-Z]{5}$/.test(c.code))
      return { code: c.code, constraint: c.constraint, message: c.message ?? '' };
    current = c.cause;
  }
  return { message: String((error as Error)?.message ?? error) };
}
