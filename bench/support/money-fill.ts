/**
 * Two years of a busy marketplace, written in SQL for `bench:money`: doctors, patients, one
 * appointment and one payment each, and the ledger those payments would have written through the
 * service (capture, provider fee, release, refund, monthly payouts). Every ledger transaction
 * balances; the bench checks it after the fill, since the per-row balance triggers are switched off
 * while a million payments go in (they would check each of them at commit, one by one).
 *
 * Layout: appointment i belongs to doctor i % D and patient i % P, and starts at
 * start + (i / D) × 36 h + (doctor % 24) h, so no doctor and no patient has two at once (P is a
 * multiple of D, so a patient always sees the same doctor, at different slots).
 */
import { sql } from 'drizzle-orm';
import { seedSpecialties } from '../../apps/server/src/db/built-in-catalogue.ts';
import type { Database } from '../../apps/server/src/db/client.ts';
import { FIRST_NAMES, SURNAMES, sqlArray } from './names.ts';

export interface MoneyFillSize {
  doctors: number;
  patients: number;
  payments: number;
}

const arr = (list: readonly string[]) => sql.raw(sqlArray(list));

/** Triggers that check each ledger row at commit; the bench checks the same rules in one query. */
const ROW_CHECKS = [
  ['ledger_entries', 'ledger_entries_balanced'],
  ['ledger_transactions', 'ledger_transactions_balanced'],
  ['ledger_entries', 'ledger_entries_match_transaction'],
] as const;

/**
 * `days`: the appointments spread over the last `days` days instead of two years at 36 h apart per
 * doctor (the chaos benchmark's payout run wants recent, still unpaid balances).
 */
export async function fillMoney(
  database: Database,
  size: MoneyFillSize,
  options: { days?: number } = {},
): Promise<void> {
  const db = database.db;
  const { doctors: D, patients: P, payments: N } = size;
  if (P % D !== 0) throw new Error('patients must be a multiple of doctors');
  await seedSpecialties(db);
  const step = async (label: string, run: () => Promise<unknown>) => {
    const t = Date.now();
    await run();
    process.stdout.write(`  ${label.padEnd(34)} ${((Date.now() - t) / 1000).toFixed(1)} s\n`);
  };

  await step('doctors and patients', async () => {
    await db.execute(sql`
      insert into users (id, email, password_hash, email_verified_at, created_at)
      select gen_random_uuid(), 'medico' || n || '@bench.example', 'x', now(), now() - interval '800 days' + n * interval '1 minute'
      from generate_series(0, ${D - 1}) n
      union all
      select gen_random_uuid(), 'paciente' || n || '@bench.example', 'x', now(), now() - interval '800 days' + n * interval '1 second'
      from generate_series(0, ${P - 1}) n`);
    await db.execute(sql`
      insert into user_roles (user_id, role, created_at)
      select id, (case when email like 'medico%' then 'doctor' else 'patient' end)::role, created_at
      from users where email like '%@bench.example'`);
    await db.execute(sql`
      insert into user_profiles (id, full_name, email, cpf, created_at)
      select u.id,
             (case when s.doctor then 'Dr. ' else '' end) || (${arr(FIRST_NAMES)})[1 + (s.n % 10)] || ' '
               || (${arr(SURNAMES)})[1 + ((s.n / 10) % 10)] || ' ' || (${arr(SURNAMES)})[1 + ((s.n / 100) % 10)] || ' ' || s.n,
             u.email,
             case when s.doctor then null else lpad((90000000000 + s.n)::text, 11, '0') end,
             u.created_at
      from (select id, email like 'medico%' as doctor,
                   substring(email from '[0-9]+')::int as n
            from users where email like '%@bench.example') s
      join users u on u.id = s.id`);
    await db.execute(sql`
      insert into doctor_profiles (user_id, specialty_id, crm_number, crm_state, consultation_price, verification_status, created_at)
      select p.id,
             (select id from specialties order by name offset (p.n % 51) limit 1),
             (100000 + p.n)::text, 'SP', 8000 + (p.n % 40) * 1000, 'approved', p.created_at
      from (select id, created_at, substring(email from '[0-9]+')::int as n
            from user_profiles where email like 'medico%@bench.example') p`);
    // Every doctor is paid by PIX: the weekly run has all of them to pay.
    await db.execute(sql`
      insert into payout_accounts (doctor_id, method, status, pix_key_type, pix_key)
      select d.id, 'pix', 'active', 'email', p.email
      from doctor_profiles d join user_profiles p on p.id = d.user_id where p.email like 'medico%@bench.example'`);
  });

  const startsAt = options.days
    ? sql.raw(
        `date_trunc('hour', now()) - interval '${options.days} days' + (b.i / ${D}) * interval '${Math.floor((options.days * 24) / Math.ceil(N / D))} hours' + (b.i % ${D} % 24) * interval '1 hour'`,
      )
    : sql.raw(
        `date_trunc('hour', now()) - interval '737 days' + (b.i / ${D}) * interval '36 hours' + (b.i % ${D} % 24) * interval '1 hour'`,
      );
  await step('plan', async () => {
    await db.execute(sql`drop table if exists bench_plan`);
    await db.execute(sql`
      create unlogged table bench_doctors as
      select d.id as doctor_id, d.consultation_price as price, substring(p.email from '[0-9]+')::int as dn
      from doctor_profiles d join user_profiles p on p.id = d.user_id where p.email like 'medico%@bench.example'`);
    await db.execute(sql`
      create unlogged table bench_patients as
      select id as patient_id, substring(email from '[0-9]+')::int as pn
      from user_profiles where email like 'paciente%@bench.example'`);
    await db.execute(sql`alter table bench_doctors add primary key (dn)`);
    await db.execute(sql`alter table bench_patients add primary key (pn)`);
    await db.execute(sql`analyze bench_doctors`);
    await db.execute(sql`analyze bench_patients`);
    await db.execute(sql`
      create unlogged table bench_plan as
      select b.i, gen_random_uuid() as appointment_id, gen_random_uuid() as payment_id, gen_random_uuid() as refund_id,
             d.doctor_id, pt.patient_id, d.price as amount,
             round(d.price * 0.10)::int as fee,
             (array['card','pix','boleto']::payment_method[])[1 + (b.i % 3)] as method,
             ${startsAt} as starts_at,
             abs(hashint4(b.i)) % 100 as roll
      from generate_series(0, ${N - 1}) as b(i)
      join bench_doctors d on d.dn = b.i % ${D}
      join bench_patients pt on pt.pn = b.i % ${P}`);
    await db.execute(sql`drop table bench_doctors`);
    await db.execute(sql`drop table bench_patients`);
    // What became of each: in the past mostly held; some canceled and refunded, no-shows, failures.
    await db.execute(sql`alter table bench_plan add column outcome text`);
    await db.execute(sql`
      update bench_plan set outcome = case
        when starts_at > now() then (case when roll < 50 then 'confirmed' else 'scheduled' end)
        when roll < 80 then 'completed'
        when roll < 88 then 'refunded'
        when roll < 92 then 'no_show'
        when roll < 95 then 'failed'
        else 'completed' end`);
    await db.execute(sql`alter table bench_plan add primary key (i)`);
    await db.execute(sql`analyze bench_plan`);
  });

  await step('appointments', () =>
    db.execute(sql`
      insert into appointments (id, patient_id, doctor_id, starts_at, ends_at, status, price, cancellation_reason,
                                canceled_by, canceled_at, requested_at, confirmed_at, created_at, updated_at)
      select appointment_id, patient_id, doctor_id, starts_at, starts_at + interval '30 minutes',
             (case outcome when 'refunded' then 'canceled' when 'failed' then 'canceled' else outcome end)::appointment_status,
             amount,
             case outcome when 'refunded' then 'Médico indisponível' when 'failed' then 'Pagamento não aprovado' end,
             case when outcome in ('refunded', 'failed') then 'doctor'::appointment_actor end,
             case when outcome in ('refunded', 'failed') then starts_at - interval '2 days' end,
             case when outcome <> 'failed' then starts_at - interval '3 days' end,
             case when outcome in ('completed', 'no_show', 'confirmed') then starts_at - interval '3 days' + interval '2 hours' end,
             starts_at - interval '3 days', starts_at - interval '3 days'
      from bench_plan`),
  );

  await step('payments and refunds', async () => {
    await db.execute(sql`
      insert into payments (id, appointment_id, doctor_id, patient_id, amount, platform_fee, doctor_amount, commission_bp,
                            method, status, provider, provider_ref, paid_at, refunded_at, failure_message, created_at, updated_at)
      select payment_id, appointment_id, doctor_id, patient_id, amount, fee, amount - fee, 1000, method,
             (case outcome when 'completed' then 'paid' when 'no_show' then 'paid' when 'confirmed' then 'paid'
                           when 'refunded' then 'refunded' when 'failed' then 'failed'
                           else (case when method = 'card' then 'processing' else 'paid' end) end)::payment_status,
             'sandbox', 'bench_' || i,
             case when outcome not in ('failed') and not (outcome = 'scheduled' and method = 'card') then starts_at - interval '3 days' end,
             case when outcome = 'refunded' then starts_at - interval '2 days' end,
             case when outcome = 'failed' then 'Pagamento recusado pelo emissor do cartão.' end,
             starts_at - interval '3 days', starts_at - interval '3 days'
      from bench_plan`);
    await db.execute(sql`
      insert into refunds (id, payment_id, amount, reason, requested_by, provider_ref, status, settled_at, created_at)
      select refund_id, payment_id, amount, 'Médico indisponível', 'doctor', 'bench_refund_' || i, 'done',
             starts_at - interval '2 days', starts_at - interval '2 days'
      from bench_plan where outcome = 'refunded'`);
  });

  for (const [table, trigger] of ROW_CHECKS)
    await db.execute(sql.raw(`alter table ${table} disable trigger ${trigger}`));
  try {
    await step('ledger', () => fillLedger(database));
  } finally {
    for (const [table, trigger] of ROW_CHECKS)
      await db.execute(sql.raw(`alter table ${table} enable trigger ${trigger}`));
  }
  await db.execute(sql`drop table bench_plan`);
  await step('analyze', () => db.execute(sql`analyze`));
}

/**
 * The ledger as the service writes it (decision 080), one statement per kind: a transaction row and
 * its entries, keyed by the same source keys.
 */
async function fillLedger(database: Database) {
  const db = database.db;
  const HOLD_DAYS = 7;
  // Money in: every payment that was paid, including those later refunded.
  await db.execute(sql`
    create unlogged table bench_tx as
    select gen_random_uuid() as id, 'capture' as kind, 'capture:' || payment_id as source_key, payment_id, doctor_id,
           starts_at - interval '3 days' as effective_at, amount, fee, i, outcome, method, starts_at
    from bench_plan where outcome in ('completed', 'no_show', 'refunded', 'confirmed')
       or (outcome = 'scheduled' and method <> 'card')`);
  await db.execute(sql`
    insert into bench_tx
    select gen_random_uuid(), 'provider_fee', 'provider-fee:' || payment_id, payment_id, doctor_id,
           starts_at - interval '3 days', amount, round(amount * 0.0399)::int + 39, i, outcome, method, starts_at
    from bench_plan where method = 'card' and outcome in ('completed', 'no_show', 'refunded', 'confirmed')`);
  await db.execute(sql`
    insert into bench_tx
    select gen_random_uuid(), 'refund', 'refund:' || refund_id, payment_id, doctor_id,
           starts_at - interval '2 days', amount, fee, i, outcome, method, starts_at
    from bench_plan where outcome = 'refunded'`);
  await db.execute(sql`
    insert into bench_tx
    select gen_random_uuid(), 'release', 'release:' || payment_id, payment_id, doctor_id,
           starts_at + interval '30 minutes' + ${HOLD_DAYS} * interval '1 day', amount, fee, i, outcome, method, starts_at
    from bench_plan where outcome in ('completed', 'no_show') and starts_at + interval '30 minutes' < now()`);
  await db.execute(sql`
    insert into ledger_transactions (id, kind, source_key, payment_id, doctor_id, effective_at, created_at)
    select id, kind, source_key, payment_id, doctor_id, effective_at,
           case when kind = 'release' then starts_at + interval '30 minutes' else effective_at end
    from bench_tx`);
  await db.execute(sql`
    insert into ledger_entries (transaction_id, account, doctor_id, payment_id, effective_at, amount, created_at)
    select t.id, e.account, case when e.account like 'doctor_%' then t.doctor_id end, t.payment_id, t.effective_at, e.amount,
           t.effective_at
    from bench_tx t
    cross join lateral (values
      ('capture', 'patient_payments', t.amount),
      ('capture', 'platform_commission', -t.fee),
      ('capture', 'doctor_held', -(t.amount - t.fee)),
      ('provider_fee', 'provider_fees', -t.fee),
      ('provider_fee', 'platform_commission', t.fee),
      ('refund', 'refunds', -t.amount),
      ('refund', 'platform_commission', t.fee),
      ('refund', 'doctor_held', t.amount - t.fee),
      ('release', 'doctor_held', t.amount - t.fee),
      ('release', 'doctor_available', -(t.amount - t.fee))
    ) as e(kind, account, amount)
    where e.kind = t.kind`);
  // Paid out monthly: each month's releases, sent on the 1st of the next month.
  await db.execute(sql`
    create unlogged table bench_payouts as
    select gen_random_uuid() as id, doctor_id, date_trunc('month', effective_at) + interval '1 month' as sent_at,
           sum(amount - fee)::int as amount
    from bench_tx
    where kind = 'release' and date_trunc('month', effective_at) + interval '1 month' < date_trunc('month', now())
    group by doctor_id, date_trunc('month', effective_at)`);
  await db.execute(sql`
    insert into payouts (id, doctor_id, amount, method, status, run_key, provider_ref, destination, paid_at, created_at, updated_at)
    select id, doctor_id, amount, 'pix', 'paid', to_char(sent_at, 'YYYY-MM-DD'), 'E' || replace(id::text, '-', ''),
           'bench@pix.example', sent_at + interval '1 day', sent_at, sent_at + interval '1 day'
    from bench_payouts`);
  await db.execute(sql`
    insert into ledger_transactions (id, kind, source_key, doctor_id, effective_at, created_at)
    select id, 'payout', 'payout:' || id, doctor_id, sent_at, sent_at from bench_payouts`);
  await db.execute(sql`
    insert into ledger_entries (transaction_id, account, doctor_id, effective_at, amount, created_at)
    select id, 'doctor_available', doctor_id, sent_at, amount, sent_at from bench_payouts
    union all
    select id, 'payouts', doctor_id, sent_at, -amount, sent_at from bench_payouts`);
  await db.execute(sql`drop table bench_tx`);
  await db.execute(sql`drop table bench_payouts`);
}

/** The rules the switched-off triggers keep, checked over the whole ledger at once. */
export async function ledgerIsBalanced(database: Database): Promise<boolean> {
  const result = await database.db.execute<{ bad: number }>(sql`
    select count(*)::int as bad from (
      select transaction_id from ledger_entries group by transaction_id
      having sum(amount) <> 0 or count(*) < 2) b`);
  return result.rows[0]?.bad === 0;
}
