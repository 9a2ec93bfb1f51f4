import type { Addendum, ClinicalRecord, RecordContent, RecordHeader } from '@pulsa/shared/schemas/records';
import { Badge } from '@/components/ui/badge';
import { clockIn, dateIn } from '@/lib/zoned-time';
import { RECORD_TEXT } from '../texts';

const T = RECORD_TEXT;

export const whenIn = (instant: string, zone: string) =>
  `${dateIn(instant, zone)} às ${clockIn(instant, zone)}`;

const formatCpf = (cpf: string) =>
  cpf.length === 11 ? `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}` : cpf;

const formatDate = (date: string) => {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
};

/** The header the server fills: who, when, how, under which consent, by whom. */
export function RecordHeaderView({
  header,
  zone,
  signed,
}: {
  header: RecordHeader;
  zone: string;
  signed: boolean;
}) {
  const rows: [string, string][] = [
    [T.header.patient, header.patientName],
    [T.header.cpf, header.patientCpf ? formatCpf(header.patientCpf) : T.header.notInformed],
    [
      T.header.birthDate,
      header.patientBirthDate ? formatDate(header.patientBirthDate) : T.header.notInformed,
    ],
    [T.header.when, whenIn(header.consultationAt, zone)],
    [T.header.modality, header.modality],
    [T.header.technology, header.technology],
    [
      T.header.consent,
      header.consentVersion
        ? `${header.consentVersion}${header.consentAcceptedAt ? ` (${dateIn(header.consentAcceptedAt, zone)})` : ''}`
        : T.header.consentNone,
    ],
    [T.header.doctor, header.doctorName],
    [T.header.crm, header.crm ? `${header.crm}/${header.crmState ?? ''}` : T.header.notInformed],
    ...(header.rqe ? [[T.header.rqe, header.rqe] as [string, string]] : []),
  ];
  return (
    <section aria-label={T.header.title} className="rounded-lg border bg-muted/40 p-3">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
      {signed ? <p className="mt-2 text-muted-foreground text-xs">{T.header.snapshot}</p> : null}
    </section>
  );
}

const SECTIONS: [keyof Omit<RecordContent, 'diagnoses'>, string][] = [
  ['subjective', T.fields.subjective],
  ['objective', T.fields.objective],
  ['assessment', T.fields.assessment],
  ['plan', T.fields.plan],
  ['conduct', T.fields.conduct],
];

/** A record's content, read-only. */
export function RecordContentView({
  content,
  diagnoses,
}: {
  content: RecordContent;
  diagnoses: ClinicalRecord['diagnoses'];
}) {
  return (
    <div className="space-y-3">
      {SECTIONS.map(([key, label]) => (
        <section key={key} className="space-y-0.5">
          <h3 className="font-semibold text-sm">{label}</h3>
          <p className="whitespace-pre-wrap break-words text-sm">{content[key] || T.empty}</p>
        </section>
      ))}
      <section className="space-y-1">
        <h3 className="font-semibold text-sm">{T.fields.diagnoses}</h3>
        {diagnoses.length === 0 ? (
          <p className="text-sm">{T.cid.none}</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {diagnoses.map((d) => (
              <li key={d.code} className="flex flex-wrap items-center gap-2">
                <span className="font-mono font-semibold">{d.display}</span>
                <span>{d.description}</span>
                {d.principal ? <Badge tone="info">{T.cid.principal}</Badge> : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export function AddendaView({ addenda, zone }: { addenda: Addendum[]; zone: string }) {
  return (
    <section className="space-y-2">
      <h3 className="font-semibold text-sm">{T.addendum.title}</h3>
      {addenda.length === 0 ? (
        <p className="text-muted-foreground text-sm">{T.addendum.none}</p>
      ) : (
        <ol className="space-y-2">
          {addenda.map((a) => (
            <li key={a.id} className="rounded-lg border p-3 text-sm" data-testid="addendum">
              <p className="text-muted-foreground text-xs">
                {T.addendum.by(a.authorName, whenIn(a.createdAt, zone))}
              </p>
              <p className="whitespace-pre-wrap break-words">{a.text}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
