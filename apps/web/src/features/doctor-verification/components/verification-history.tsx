import { formatDate, formatTime } from '@pulsa/shared/format/date';
import type { VerificationEvent } from '@pulsa/shared/schemas/doctors';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { VERIFICATION_TEXT } from '../texts';

const T = VERIFICATION_TEXT.detail;
const word = (status: string | null) => (status ? (T.statusWords[status] ?? status) : T.sent);

/** Every decision kept for this doctor: who, when, from, to, why. */
export function VerificationHistory({ events }: { events: VerificationEvent[] }) {
  if (!events.length) return <p className="text-muted-foreground text-sm">{T.noHistory}</p>;
  return (
    <Table aria-label={T.history}>
      <TableHeader>
        <TableRow>
          <TableHead>Quando</TableHead>
          <TableHead>Item</TableHead>
          <TableHead>De</TableHead>
          <TableHead>Para</TableHead>
          <TableHead>Quem</TableHead>
          <TableHead>Motivo</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {events.map((e) => (
          <TableRow key={e.id}>
            <TableCell className="whitespace-nowrap tabular-nums">
              {formatDate(e.createdAt)} {formatTime(e.createdAt)}
            </TableCell>
            <TableCell>{T.subjects[e.subject]}</TableCell>
            <TableCell>{e.fromStatus ? word(e.fromStatus) : '—'}</TableCell>
            <TableCell className="font-medium">{word(e.toStatus)}</TableCell>
            <TableCell>{e.actor ? T.by(e.actor.name, e.actor.role) : T.system}</TableCell>
            <TableCell className="min-w-48">{e.reason ?? '—'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
