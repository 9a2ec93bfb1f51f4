import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DataTable, type DataTableColumn, stackedLayout } from './data-table';

interface Payment {
  id: string;
  doctor: string;
  status: string;
  amount: string;
}

const COLUMNS: DataTableColumn<Payment>[] = [
  { id: 'doctor', header: 'Médico', sortKey: 'doctor', cell: (p) => p.doctor },
  { id: 'status', header: 'Status', cell: (p) => p.status },
  { id: 'amount', header: 'Valor', cell: (p) => p.amount },
  { id: 'actions', header: 'Ações', srOnlyHeader: true, cell: () => <button type="button">Recibo</button> },
];

function render(columns: DataTableColumn<Payment>[]) {
  return renderToString(
    <DataTable
      label="Pagamentos"
      columns={columns}
      rows={[{ id: '1', doctor: 'Dra. Ana Lima', status: 'Pago', amount: 'R$ 280,00' }]}
      getRowId={(p) => p.id}
      total={1}
      pageCount={1}
      state={{ page: 1, pageSize: 10, q: '', order: 'asc' }}
      onPageChange={() => undefined}
      onPageSizeChange={() => undefined}
      onSortChange={() => undefined}
    />,
  );
}

/** The cells of the first body row, in order, with their attributes. */
const bodyCells = (html: string) =>
  [...(html.split('<tbody')[1] ?? '').matchAll(/<td([^>]*)>/g)].map((m) => m[1] ?? '');

describe('a data table on a phone', () => {
  it('stacks every column: the first heads the card, the actions close it, the rest are "header: value" lines', () => {
    expect(stackedLayout(COLUMNS)).toEqual(['title', 'field', 'field', 'actions']);
    const cells = bodyCells(render(COLUMNS));
    expect(cells).toHaveLength(4);
    // Every cell carries its header, shown before the value below `sm`.
    expect(cells.map((c) => c.match(/data-label="([^"]*)"/)?.[1])).toEqual([
      'Médico',
      'Status',
      'Valor',
      'Ações',
    ]);
    expect(cells[1]).toContain('max-sm:before:content-[attr(data-label)]');
    expect(cells[2]).toContain('max-sm:flex');
    expect(cells[0]).not.toContain('max-sm:before:content');
    expect(cells[3]).toContain('max-sm:justify-end');
    // No column is hidden on a phone unless it asks to be.
    expect(cells.some((c) => c.includes('max-sm:hidden'))).toBe(false);
  });

  it('lets a column choose: another title, or left to wider screens', () => {
    const columns = COLUMNS.map((c) =>
      c.id === 'status'
        ? { ...c, stacked: 'title' as const }
        : c.id === 'amount'
          ? { ...c, stacked: 'hidden' as const }
          : c,
    );
    expect(stackedLayout(columns)).toEqual(['field', 'title', 'hidden', 'actions']);
    expect(bodyCells(render(columns))[2]).toContain('max-sm:hidden');
  });

  it('keeps the row actions at the right edge when the table scrolls sideways', () => {
    const cells = bodyCells(render(COLUMNS));
    expect(cells[3]).toContain('sm:sticky');
    expect(cells[0]).not.toContain('sm:sticky');
  });
});
