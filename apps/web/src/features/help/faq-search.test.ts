import { describe, expect, it } from 'vitest';
import { FAQ_SECTIONS } from './faq';
import { countQuestions, foldText, searchFaq } from './faq-search';

describe('searchFaq', () => {
  it('returns everything for an empty search', () => {
    expect(countQuestions(searchFaq(FAQ_SECTIONS, '   '))).toBe(countQuestions(FAQ_SECTIONS));
  });

  it('ignores accents and case and needs every word', () => {
    const ids = (q: string) => searchFaq(FAQ_SECTIONS, q).flatMap((s) => s.items.map((i) => i.id));
    expect(ids('BOLETO')).toContain('boleto');
    expect(ids('emergencia samu')).toEqual(['mensagens', 'emergencia', 'pronto-atendimento-emergencia']);
    expect(ids('reembolso integral 24 horas')).toContain('cancelar');
    expect(ids('palavra-que-não-existe')).toEqual([]);
  });

  it('drops sections left without questions', () => {
    const result = searchFaq(FAQ_SECTIONS, 'comissão percentual');
    expect(result.every((s) => s.items.length > 0)).toBe(true);
  });
});

describe('FAQ content', () => {
  it('states the business rules the terms state', () => {
    const all = foldText(FAQ_SECTIONS.flatMap((s) => s.items.flatMap((i) => i.answer)).join(' '));
    expect(all).toContain('24 horas');
    expect(all).toContain('3 dias de antecedencia');
    expect(all).toContain('15 minutos');
    expect(all).toContain('samu (192)');
  });

  it('states the on-demand rules the terms state: card held or PIX paid, given back in full, 5 minutes to come in', () => {
    const section = FAQ_SECTIONS.find((s) => s.id === 'pronto-atendimento');
    const text = foldText(section?.items.flatMap((i) => i.answer).join(' ') ?? '');
    expect(text).toContain('nao e um servico de emergencia');
    expect(text).toContain('com cartao de credito ou pix');
    expect(text).toContain('o boleto nao esta disponivel');
    expect(text).toContain('so e cobrado quando um medico assumir');
    expect(text).toContain('reserva no seu cartao e liberada automaticamente');
    expect(text).toContain('devolvido automaticamente, por inteiro, pelo pix');
    expect(text).toContain('5 minutos para entrar na sala');
  });

  it('has unique ids', () => {
    const ids = FAQ_SECTIONS.flatMap((s) => [s.id, ...s.items.map((i) => i.id)]);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
