import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, csvMoney } from './payments.admin.ts';

describe('CSV cells', () => {
  it('neutralises what a spreadsheet would run as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvCell(`${start}SUM(A1:A9)`)).toBe(`"'${start}SUM(A1:A9)"`);
    expect(csvCell('=HYPERLINK("http://x";"y")')).toBe('"\'=HYPERLINK(""http://x"";""y"")"');
  });

  it('quotes every cell, doubles inner quotes and keeps accents, separators and line breaks inside', () => {
    expect(csvCell('Dra. Zélia "Zé" Conceição; SP')).toBe('"Dra. Zélia ""Zé"" Conceição; SP"');
    expect(csvCell('linha 1\nlinha 2')).toBe('"linha 1\nlinha 2"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(12)).toBe('"12"');
    expect(csvLine(['a', 'b'])).toBe('"a";"b"\r\n');
  });

  it('writes centavos as Brazilian spreadsheets read money, a negative one as text', () => {
    expect(csvMoney(0)).toBe('0,00');
    expect(csvMoney(5)).toBe('0,05');
    expect(csvMoney(123_456)).toBe('1234,56');
    // A negative amount starts with "-": the cell is neutralised like any other.
    expect(csvCell(csvMoney(-1_050))).toBe('"\'-10,50"');
  });
});
