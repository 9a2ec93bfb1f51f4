const percentFormat = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** 12,5% — a percentage as pt-BR writes it, up to two decimals. */
export const formatPercent = (value: number) => `${percentFormat.format(value)}%`;
