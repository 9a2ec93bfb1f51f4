import type { z } from 'zod';

/**
 * The message of an input problem that its schema does not word itself: Brazilian Portuguese,
 * short, and never echoing the value. Fields a person fills in carry their own messages; this
 * covers the rest (query parameters, path parameters, fields only scripts send), so no answer of
 * the API falls back to zod's English.
 */
export function inputIssueMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'Campo obrigatório' : 'Valor inválido';
    case 'invalid_value':
    case 'invalid_union':
      return 'Escolha uma opção válida';
    case 'too_big':
      if (issue.origin === 'string') return `Use no máximo ${count(issue.maximum)} caracteres`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `Informe no máximo ${count(issue.maximum)} itens`;
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint')
        return issue.inclusive === false
          ? `Informe um valor menor que ${count(issue.maximum)}`
          : `Informe um valor de no máximo ${count(issue.maximum)}`;
      return 'Valor grande demais';
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? 'Campo obrigatório'
          : `Use pelo menos ${count(issue.minimum)} caracteres`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `Informe pelo menos ${count(issue.minimum)} itens`;
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint')
        return issue.inclusive === false
          ? `Informe um valor maior que ${count(issue.minimum)}`
          : `Informe um valor de no mínimo ${count(issue.minimum)}`;
      return 'Valor pequeno demais';
    case 'invalid_format':
      switch (issue.format) {
        case 'email':
          return 'Email inválido';
        case 'uuid':
        case 'guid':
          return 'Identificador inválido';
        case 'date':
        case 'datetime':
          return 'Data inválida';
        case 'time':
          return 'Horário inválido';
        default:
          return 'Formato inválido';
      }
    case 'unrecognized_keys':
      return 'Campo não reconhecido';
    default:
      return 'Valor inválido';
  }
}

/** 10000000 → "10.000.000". */
function count(value: number | bigint): string {
  return Number(value).toLocaleString('pt-BR');
}
