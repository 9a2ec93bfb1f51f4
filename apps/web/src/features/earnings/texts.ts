import type { EarningStatus } from '@pulsa/shared/schemas/earnings';

/** Every Portuguese text of the doctor's earnings and receipts (/doctor/payments). */
export const EARNINGS_TEXT = {
  loadError: 'Falha ao carregar pagamentos',
  refresh: 'Atualizar',
  balanceTitle: 'Saldo',
  cards: {
    held: 'A liberar',
    available: 'Disponível',
    inTransit: 'Em transferência',
    paid: 'Pago',
  },
  hints: {
    held: (days: number) =>
      `Sua parte de consultas ainda não realizadas ou realizadas há menos de ${days} ${days === 1 ? 'dia' : 'dias'}.`,
    awaitingAcceptance: (amount: string) =>
      `Fora deste valor: ${amount} aguardando seu aceite (reembolsados ao paciente se você recusar).`,
    available: 'Liberado e ainda não incluído em um repasse.',
    availableOwed: 'Negativo: um reembolso veio depois de um repasse e será descontado do próximo.',
    inTransit: 'Repasses enviados que ainda não chegaram à sua conta.',
    paid: 'Repasses que chegaram à sua conta.',
  },
  tableTitle: 'Consultas pagas',
  tableLabel: 'Consultas pagas e a sua parte de cada uma',
  tableHint:
    'Bruto é o que o paciente pagou. A taxa do processador é paga pelo Pulsa, dentro da comissão; o líquido é bruto menos comissão e reembolsos.',
  empty: 'Nenhuma consulta paga ainda.',
  emptyHint: 'Quando um paciente pagar uma consulta com você, ela aparece aqui com a sua parte.',
  columns: {
    consultation: 'Consulta',
    gross: 'Bruto',
    providerFee: 'Taxa do processador',
    commission: 'Comissão',
    refunds: 'Reembolsos',
    net: 'Líquido',
    status: 'Situação',
  },
  releaseOn: (date: string) => `Libera em ${date}`,
  releasedOn: (date: string) => `Liberado em ${date}`,
  status: {
    awaiting_acceptance: 'Aguardando seu aceite',
    held: 'A liberar',
    available: 'Disponível',
    in_transit: 'Em transferência',
    paid: 'Pago',
    refunded: 'Reembolsado',
  } satisfies Record<EarningStatus, string>,
  chartTitle: 'Ganhos por mês',
  chartDescription:
    'Sua parte das consultas aceitas e pagas em cada mês, já descontados comissão e reembolsos.',
  chartLabel: 'Gráfico de barras dos seus ganhos líquidos nos últimos 12 meses',
  chartTable: 'Ver como tabela',
  month: 'Mês',
  net: 'Líquido',
  gross: 'Pago pelos pacientes',
  receipts: {
    title: 'Recibos do Receita Saúde',
    description:
      'Se você atende como pessoa física, emita um recibo no Receita Saúde (app ou portal da Receita Federal) para cada pagamento abaixo e marque-o como emitido. Não há integração automática com a Receita: a emissão é feita por você.',
    monthLabel: 'Mês',
    tableLabel: 'Recibos do mês a emitir',
    empty: 'Nenhum pagamento neste mês.',
    columns: {
      date: 'Data',
      patient: 'Paciente',
      cpf: 'CPF',
      amount: 'Valor',
      issued: 'Emitido',
    },
    issuedLabel: (name: string, date: string) => `Recibo de ${name} de ${date} emitido`,
    progress: (issued: number, total: number) =>
      `${issued} de ${total} ${total === 1 ? 'recibo emitido' : 'recibos emitidos'}`,
    total: (amount: string) => `Total do mês: ${amount}`,
    noCpf: 'Não informado',
    saveError: 'Falha ao salvar o recibo',
    reminder:
      'Nos primeiros dias de cada mês lembramos você, no sino e por email, dos recibos do mês anterior ainda não marcados.',
  },
} as const;
