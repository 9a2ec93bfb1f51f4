import { formatCpf } from '@pulsa/shared/format/cpf';
import { formatDate, recentMonths } from '@pulsa/shared/format/date';
import { formatBRL } from '@pulsa/shared/format/money';
import { MONTH_PATTERN, type TaxReceipt } from '@pulsa/shared/schemas/earnings';
import { ReceiptText } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListEmptyState } from '@/components/layout/list-states';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { SelectField } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { useMarkReceipt, useTaxReceipts } from '../api/earnings';
import { EARNINGS_TEXT } from '../texts';

const T = EARNINGS_TEXT.receipts;
function ReceiptRow({ receipt, month }: { receipt: TaxReceipt; month: string }) {
  const mark = useMarkReceipt(month);
  const id = `recibo-${receipt.paymentId}`;
  const date = formatDate(receipt.paidAt);
  return (
    <tr className="border-b last:border-0 max-sm:grid max-sm:grid-cols-2 max-sm:gap-1 max-sm:py-3">
      <td className="px-2 py-2 tabular-nums max-sm:px-0">{date}</td>
      <td className="px-2 py-2 font-medium max-sm:order-first max-sm:col-span-2 max-sm:px-0">
        {receipt.patientName}
      </td>
      <td className="px-2 py-2 tabular-nums max-sm:px-0">
        {receipt.patientCpf ? formatCpf(receipt.patientCpf) : T.noCpf}
      </td>
      <td className="px-2 py-2 tabular-nums max-sm:px-0">{formatBRL(receipt.amount)}</td>
      <td className="px-2 py-2 max-sm:px-0">
        <div className="flex items-center gap-2">
          <Checkbox
            id={id}
            checked={receipt.issued}
            disabled={mark.isPending}
            onCheckedChange={(checked) =>
              mark.mutate({ paymentId: receipt.paymentId, issued: checked === true })
            }
            aria-label={T.issuedLabel(receipt.patientName, date)}
          />
          <Label htmlFor={id} className="sm:sr-only">
            {T.columns.issued}
          </Label>
        </div>
      </td>
    </tr>
  );
}

/**
 * The month's Receita Saúde receipts to issue: the one place a doctor sees a patient's CPF, for
 * their own paid consultations, because the receipt requires it. "Emitido" is the doctor's own mark.
 */
export function TaxReceipts() {
  const months = recentMonths();
  const [params] = useSearchParams();
  const asked = params.get('recibos');
  const [month, setMonth] = useState(
    asked && MONTH_PATTERN.test(asked) ? asked : (months[0]?.value as string),
  );
  const options = months.some((m) => m.value === month)
    ? months
    : [{ value: month, label: month }, ...months];
  const query = useTaxReceipts(month);
  const list = query.data;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{T.title}</CardTitle>
        <CardDescription>{T.description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="w-56 space-y-1.5">
            <Label htmlFor="recibos-mes">{T.monthLabel}</Label>
            <SelectField id="recibos-mes" value={month} onValueChange={setMonth} options={options} />
          </div>
          {list && list.items.length > 0 ? (
            <div className="text-right text-sm" aria-live="polite">
              <p className="font-medium">{T.progress(list.issuedCount, list.items.length)}</p>
              <p className="text-muted-foreground">{T.total(formatBRL(list.total))}</p>
            </div>
          ) : null}
        </div>
        {!list ? (
          <Skeleton className="h-24 w-full" />
        ) : list.items.length === 0 ? (
          <ListEmptyState icon={ReceiptText} title={T.empty} hint={T.reminder} />
        ) : (
          <ScrollRegion label={T.tableLabel}>
            <table className="w-full text-left text-sm" aria-label={T.tableLabel}>
              <thead className="max-sm:sr-only">
                <tr className="border-b text-muted-foreground">
                  <th scope="col" className="px-2 py-2 font-medium">
                    {T.columns.date}
                  </th>
                  <th scope="col" className="px-2 py-2 font-medium">
                    {T.columns.patient}
                  </th>
                  <th scope="col" className="px-2 py-2 font-medium">
                    {T.columns.cpf}
                  </th>
                  <th scope="col" className="px-2 py-2 font-medium">
                    {T.columns.amount}
                  </th>
                  <th scope="col" className="px-2 py-2 font-medium">
                    {T.columns.issued}
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.items.map((r) => (
                  <ReceiptRow key={r.paymentId} receipt={r} month={month} />
                ))}
              </tbody>
            </table>
            <p className="mt-3 text-muted-foreground text-xs">{T.reminder}</p>
          </ScrollRegion>
        )}
      </CardContent>
    </Card>
  );
}
