/** Everything the catalogue screens say, in one place. */

const integer = new Intl.NumberFormat('pt-BR');

/** "Nenhum médico ainda", "1 médico", "1.234 médicos". */
export function doctorCountLabel(count: number): string {
  if (count === 0) return 'Nenhum médico ainda';
  return count === 1 ? '1 médico' : `${integer.format(count)} médicos`;
}

/** "1 especialidade", "51 especialidades". */
export function specialtyCountLabel(count: number): string {
  return count === 1 ? '1 especialidade' : `${integer.format(count)} especialidades`;
}

export const CATALOG_TEXT = {
  seeDoctors: 'Ver médicos',
  seeDoctorsOf: (name: string) => `Ver médicos de ${name}`,
  loadError: 'Não foi possível carregar as especialidades.',
  retry: 'Tentar novamente',
  noSpecialties: 'As especialidades ainda não foram cadastradas.',
  noSpecialtiesHint: 'Assim que a equipe do Pulsa cadastrar as especialidades, elas aparecem aqui.',

  featured: {
    eyebrow: 'Especialidades',
    title: 'Especialidades médicas',
    description:
      'Escolha a especialidade e veja os médicos verificados que atendem por vídeo, com o preço de cada consulta.',
    seeAll: 'Ver todas especialidades',
  },

  highlights: {
    doctors: (n: number) => (n === 1 ? 'médico com CRM verificado' : 'médicos com CRM verificado'),
    specialties: (n: number) =>
      n === 1 ? 'especialidade com atendimento' : 'especialidades com atendimento',
    fromPrice: 'menor valor de consulta',
    noDoctors:
      'Ainda não há médicos verificados atendendo pelo Pulsa. É médico? Cadastre-se e seja um dos primeiros a atender.',
  },

  pricing: {
    loadError: 'Não foi possível carregar os valores das consultas.',
    /** Between the two prices: "R$ 80,00 a R$ 450,00". */
    rangeJoin: 'a',
    median: 'Valor mediano:',
    basis: (n: number) =>
      `Valores de ${n === 1 ? '1 médico verificado' : `${integer.format(n)} médicos verificados`}. Cada médico define o próprio preço, que aparece no perfil antes de você agendar.`,
    empty:
      'Os valores aparecem aqui assim que os primeiros médicos forem aprovados. Cada médico define o próprio preço, que aparece no perfil antes de você agendar.',
  },

  directory: {
    title: 'Especialidades',
    metaDescription:
      'Todas as especialidades médicas do Pulsa, com o número de médicos verificados que atendem por vídeo em cada uma.',
    intro: (total: number, withDoctors: number) =>
      withDoctors > 0
        ? `${specialtyCountLabel(total)} no catálogo, ${withDoctors === 1 ? '1 com médicos' : `${integer.format(withDoctors)} com médicos`} atendendo por vídeo.`
        : `${specialtyCountLabel(total)} no catálogo. Os médicos aparecem em cada uma assim que têm o CRM verificado.`,
    searchLabel: 'Buscar especialidade',
    searchPlaceholder: 'Nome ou tema, como “pele”',
    noResults: (q: string) => `Nenhuma especialidade encontrada para “${q}”.`,
    noResultsHint: 'Tente outra palavra ou veja a lista completa.',
    withDoctorsOnly: 'Somente especialidades com médicos',
    noneWithDoctors: 'Ainda não há especialidades com médicos verificados.',
    clearSearch: 'Limpar filtros',
    resultCount: (n: number) =>
      n === 1 ? '1 especialidade encontrada' : `${integer.format(n)} especialidades encontradas`,
  },

  specialty: {
    breadcrumb: 'Especialidades',
    notFoundTitle: 'Especialidade não encontrada.',
    notFoundHint: 'O endereço pode estar errado ou a especialidade foi removida do catálogo.',
    seeAllSpecialties: 'Ver todas as especialidades',
    metaDescription: (name: string) =>
      `Médicos de ${name} com CRM verificado que atendem por vídeo no Pulsa: preço da consulta, CRM e apresentação de cada um.`,
    verifiedDoctors: (n: number) =>
      n === 0
        ? 'Nenhum médico verificado ainda'
        : n === 1
          ? '1 médico verificado'
          : `${integer.format(n)} médicos verificados`,
    listLabel: (name: string) => `Médicos de ${name}`,
    searchLabel: 'Buscar médico pelo nome',
    sortLabel: 'Ordenar por',
    sorts: {
      'name-asc': 'Nome (A–Z)',
      'price-asc': 'Menor preço',
      'price-desc': 'Maior preço',
      'rating-desc': 'Melhor avaliados',
    },
    search: 'Buscar',
    emptyTitle: 'Ainda não há médicos verificados nesta especialidade.',
    emptyHint:
      'Os médicos aparecem aqui assim que a equipe do Pulsa confirma o CRM e os documentos de cada um.',
    noResults: (q: string) => `Nenhum médico encontrado para “${q}”.`,
    doctorsLoadError: 'Não foi possível carregar os médicos desta especialidade.',
    otherSpecialties: 'Ver outras especialidades',
    doctorSignUp: 'É médico? Cadastre-se',
  },

  profile: {
    verified: 'CRM verificado',
    verifiedHint: 'A equipe do Pulsa conferiu o CRM e os documentos deste médico.',
    minutes: (n: number) => `Consulta de ${n} minutos por vídeo`,
    about: 'Sobre',
    education: 'Formação',
    experience: 'Experiência profissional',
    notInformed: 'Não informado pelo médico.',
    title: (name: string, specialty: string) => `${name}, ${specialty}`,
    metaDescription: (name: string, specialty: string, crm: string, price: string, minutes: number) =>
      `${name}, ${specialty} (${crm}), atende por vídeo no Pulsa: consulta de ${minutes} minutos por ${price}. Veja a formação e a experiência e agende.`,
    notFoundTitle: 'Médico não encontrado.',
    notFoundHint:
      'O endereço pode estar errado, ou o perfil deste médico não está disponível no momento. Veja os médicos verificados de cada especialidade.',
    seeProfile: (name: string) => `Ver perfil de ${name}`,
    nextDays: 'Próximos horários livres',
    noNextDays: 'Sem horários livres nos próximos dias. Volte em breve: o médico pode abrir novos horários.',
    moreTimes: (n: number) => `+${n} ${n === 1 ? 'horário' : 'horários'}`,
    bookAt: (time: string, weekday: string, date: string) => `Agendar às ${time} de ${weekday}, ${date}`,
    zoneNote: (zone: string) =>
      zone === 'America/Sao_Paulo' ? 'Horários de Brasília.' : `Horários no fuso ${zone}.`,
  },

  doctor: {
    crm: (number: string, state: string) => `CRM ${number}/${state}`,
    priceLabel: 'Valor da consulta',
    book: 'Agendar consulta',
    bookWith: (name: string) => `Agendar consulta com ${name}`,
    notBookable: 'Sem horários livres para agendar no momento.',
    noBio: 'Este médico ainda não escreveu uma apresentação.',
  },
} as const;
