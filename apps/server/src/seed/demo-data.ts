import { randomUUID } from 'node:crypto';
import { slugify } from '@pulsa/shared/format/slug';
import type { BillingAddress } from '@pulsa/shared/schemas/appointments';
import { COMMISSION_FORM_DEFAULTS } from '@pulsa/shared/schemas/commissions';
import { and, count, desc, eq } from 'drizzle-orm';
import { seedSpecialties } from '../db/built-in-catalogue.ts';
import type { Db, Tx } from '../db/client.ts';
import {
  appointments,
  consultationMessages,
  doctorPatients,
  doctorProfiles,
  doctorVerificationEvents,
  payoutAccounts,
  reviews,
  userProfiles,
  users,
} from '../db/schema.ts';
import type { BookingContext } from '../modules/appointments/appointments.context.ts';
import { createCommission } from '../modules/commissions/commissions.service.ts';
import { samplePdf } from '../modules/files/files.samples.ts';
import type { FileStorage } from '../modules/files/files.storage.ts';
import { configure as configureOnDemand } from '../modules/on-demand/on-demand.settings.ts';
import { recountDoctorRating } from '../modules/reviews/reviews.service.ts';
import { addDemoBookings, type DemoBookings } from './demo-bookings.ts';
import { addDemoDocuments, type DemoDocument } from './demo-documents.ts';
import { createAdmin, createDoctor, createPatient, fakeCpf, setDoctorVerification } from './factories.ts';

/**
 * The data `npm run demo` starts with: the 51 specialties, approved doctors across them, a few
 * doctors awaiting review, one rejected, one who only signed up, patients and an admin. Every account
 * is fictional (emails on the reserved `.example` domain) and the passwords are the same every run.
 */

export const DEMO_EMAIL_DOMAIN = 'pulsa.example';

export const DEMO_PASSWORDS = {
  admin: 'admin-demo-123',
  doctor: 'medico-demo-123',
  patient: 'paciente-demo-123',
} as const;

export const DEMO_LOGINS = {
  admin: `admin@${DEMO_EMAIL_DOMAIN}`,
  doctor: `medico@${DEMO_EMAIL_DOMAIN}`,
  pendingDoctor: `medico.pendente@${DEMO_EMAIL_DOMAIN}`,
  rejectedDoctor: `medico.recusado@${DEMO_EMAIL_DOMAIN}`,
  newDoctor: `medico.novo@${DEMO_EMAIL_DOMAIN}`,
  patient: `paciente@${DEMO_EMAIL_DOMAIN}`,
} as const;

type Window = { dayOfWeek: number; startTime: string; endTime: string };
const days = (list: number[], startTime: string, endTime: string): Window[] =>
  list.map((dayOfWeek) => ({ dayOfWeek, startTime, endTime }));

/** Weekly agendas (0 = Sunday): mornings, afternoons, evenings, Saturdays, split days. */
const AGENDAS: Window[][] = [
  [...days([1, 2, 3, 4, 5], '08:00', '12:00')],
  [...days([1, 3, 5], '14:00', '20:00')],
  [...days([2, 4], '09:00', '12:00'), ...days([2, 4], '14:00', '18:00'), ...days([6], '08:00', '12:00')],
  [...days([1, 2, 3, 4, 5], '18:00', '22:00')],
  [...days([1, 2, 3, 4, 5, 6], '07:00', '11:00')],
  [...days([1, 2, 3, 4, 5], '09:00', '12:00'), ...days([1, 2, 3, 4, 5], '14:00', '18:00')],
  [...days([3, 4, 5], '13:00', '19:00'), ...days([6], '09:00', '13:00')],
];

/** Area codes of the states the doctors are registered in. */
const DDD: Record<string, string> = {
  AM: '92',
  BA: '71',
  CE: '85',
  DF: '61',
  ES: '27',
  GO: '62',
  MG: '31',
  PE: '81',
  PR: '41',
  RJ: '21',
  RS: '51',
  SC: '48',
  SP: '11',
};

interface DemoDoctor {
  name: string;
  specialty: string;
  crm: string;
  uf: string;
  /** Reais; stored as centavos. */
  price: number;
  bio: string;
  email?: string;
}

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];
/** The demo's on-demand services: Clínica Geral around the clock, Pediatria from 7 h to 22 h. */
export const DEMO_ON_DEMAND = [
  {
    specialty: 'Clínica Geral',
    input: {
      enabled: true,
      price: 8_900,
      maxWaitMinutes: 60,
      capacity: 40,
      consultationMinutes: 15,
      hours: EVERY_DAY.map((weekday) => ({ weekday, from: '00:00', to: '24:00' })),
    },
  },
  {
    specialty: 'Pediatria',
    input: {
      enabled: true,
      price: 9_900,
      maxWaitMinutes: 60,
      capacity: 25,
      consultationMinutes: 20,
      hours: EVERY_DAY.map((weekday) => ({ weekday, from: '07:00', to: '22:00' })),
    },
  },
] as const;

export const APPROVED_DOCTORS: readonly DemoDoctor[] = [
  {
    name: 'Mariana Albuquerque Costa',
    // Clínica Geral, so the demo doctor can take the on-demand queue (decision 143).
    specialty: 'Clínica Geral',
    crm: '123456',
    uf: 'SP',
    price: 280,
    email: DEMO_LOGINS.doctor,
    bio: 'Clínica geral com residência pela Unifesp. Cuida da saúde do adulto com foco na prevenção cardiovascular, no controle da hipertensão e no acompanhamento de doenças crônicas, sempre com um plano de cuidado que caiba na rotina de cada pessoa.',
  },
  {
    name: 'Rafael Nogueira Pires',
    specialty: 'Cardiologia',
    crm: '54321',
    uf: 'RJ',
    price: 220,
    bio: 'Cardiologista clínico com foco em arritmias e insuficiência cardíaca. Formado pela UFRJ, explica cada exame com calma e ajusta o tratamento junto com o paciente.',
  },
  {
    name: 'Juliana Batista Ferraz',
    specialty: 'Cardiologia',
    crm: '67890',
    uf: 'MG',
    price: 350,
    bio: 'Cardiologista e ecocardiografista. Acompanha gestantes com cardiopatia e atletas amadores que querem treinar com segurança.',
  },
  {
    name: 'Otávio Lacerda Mendes',
    specialty: 'Cardiologia',
    crm: '31415',
    uf: 'RS',
    price: 180,
    bio: 'Atende adultos e idosos com pressão alta, colesterol elevado e palpitações. Residência pela UFRGS e mais de 15 anos de consultório.',
  },
  {
    name: 'Ana Beatriz Rocha',
    specialty: 'Clínica Geral',
    crm: '145872',
    uf: 'SP',
    price: 90,
    bio: 'Clínica geral com foco em check-ups, renovação de receitas de uso contínuo e orientação sobre sintomas do dia a dia. Atendimento objetivo e acolhedor.',
  },
  {
    name: 'Lucas Henrique Moura',
    specialty: 'Clínica Geral',
    crm: '28764',
    uf: 'PE',
    price: 80,
    bio: 'Médico generalista formado pela UFPE. Atende gripes, infecções comuns e dores, e faz a avaliação inicial para encaminhar ao especialista certo.',
  },
  {
    name: 'Fernanda Cavalcanti Lima',
    specialty: 'Clínica Geral',
    crm: '19283',
    uf: 'CE',
    price: 120,
    bio: 'Clínica médica com experiência em pronto-atendimento. Ajuda a interpretar exames de rotina e a organizar o cuidado de quem convive com várias condições crônicas.',
  },
  {
    name: 'Gustavo Almeida Prado',
    specialty: 'Clínica Geral',
    crm: '40127',
    uf: 'PR',
    price: 149.9,
    bio: 'Clínico geral com pós-graduação em medicina do estilo de vida. Trabalha sono, alimentação e atividade física junto com o tratamento.',
  },
  {
    name: 'Tatiane Souza Brandão',
    specialty: 'Clínica Geral',
    crm: '22981',
    uf: 'BA',
    price: 100,
    bio: 'Atende adultos de todas as idades, com atenção especial à saúde da mulher e ao controle de diabetes e hipertensão.',
  },
  {
    name: 'Ricardo Tavares Bastos',
    specialty: 'Neurologia',
    crm: '98123',
    uf: 'SP',
    price: 380,
    bio: 'Neurologista com residência pela Unifesp. Atua em cefaleias, enxaqueca crônica e distúrbios do sono.',
  },
  {
    name: 'Camila Rezende Farias',
    specialty: 'Neurologia',
    crm: '73002',
    uf: 'MG',
    price: 320,
    bio: 'Neurologista dedicada a epilepsia e doenças neuromusculares. Acompanha pacientes em tratamento de longo prazo e orienta os familiares.',
  },
  {
    name: 'Eduardo Sampaio Leite',
    specialty: 'Neurologia',
    crm: '15567',
    uf: 'DF',
    price: 290,
    bio: 'Neurologista clínico. Avalia tonturas, formigamentos e perda de memória, e acompanha pacientes na recuperação após um AVC.',
  },
  {
    name: 'Patrícia Menezes Duarte',
    specialty: 'Pneumologia',
    crm: '61234',
    uf: 'SP',
    price: 260,
    bio: 'Pneumologista com foco em asma, DPOC e sequelas respiratórias pós-covid. Ensina o uso correto das medicações inalatórias.',
  },
  {
    name: 'Marcelo Vieira Antunes',
    specialty: 'Pneumologia',
    crm: '44789',
    uf: 'SC',
    price: 240,
    bio: 'Pneumologista e médico do sono. Investiga ronco, apneia obstrutiva do sono e tosse crônica.',
  },
  {
    name: 'Beatriz Campos Salgado',
    specialty: 'Oftalmologia',
    crm: '88214',
    uf: 'RJ',
    price: 230,
    bio: 'Oftalmologista. Orienta sobre olho seco, conjuntivites e uso de lentes de contato, e acompanha pacientes com glaucoma.',
  },
  {
    name: 'Thiago Rangel Figueiredo',
    specialty: 'Oftalmologia',
    crm: '37751',
    uf: 'GO',
    price: 200,
    bio: 'Oftalmologista com experiência em retina e diabetes. Avalia sintomas visuais e indica quando o exame presencial é necessário.',
  },
  {
    name: 'Felipe Andrade Coutinho',
    specialty: 'Ortopedia e Traumatologia',
    crm: '102938',
    uf: 'SP',
    price: 300,
    bio: 'Ortopedista especialista em coluna. Trata lombalgia, hérnia de disco e dores posturais de quem passa o dia sentado.',
  },
  {
    name: 'Larissa Monteiro Queiroz',
    specialty: 'Ortopedia e Traumatologia',
    crm: '55620',
    uf: 'PR',
    price: 270,
    bio: 'Ortopedista e traumatologista do esporte. Acompanha lesões de joelho e ombro e o retorno seguro às atividades.',
  },
  {
    name: 'Henrique Barros Galvão',
    specialty: 'Ortopedia e Traumatologia',
    crm: '26458',
    uf: 'BA',
    price: 190,
    bio: 'Ortopedista geral. Avalia dores nas articulações, tendinites e entorses e orienta a reabilitação.',
  },
  {
    name: 'Isabela Fontes Marinho',
    specialty: 'Dermatologia',
    crm: '134567',
    uf: 'SP',
    price: 330,
    bio: 'Dermatologista. Acne, rosácea, manchas e queda de cabelo, com cuidados diários adequados a cada tipo de pele.',
  },
  {
    name: 'Vinícius Peixoto Araújo',
    specialty: 'Dermatologia',
    crm: '63390',
    uf: 'RJ',
    price: 250,
    bio: 'Dermatologista com foco em dermatite atópica, psoríase e prevenção do câncer de pele.',
  },
  {
    name: 'Natália Siqueira Lopes',
    specialty: 'Dermatologia',
    crm: '41175',
    uf: 'PE',
    price: 210,
    bio: 'Dermatologista. Atende alergias de pele, micoses e alterações das unhas em adultos e crianças.',
  },
  {
    name: 'Carolina Dantas Ribeiro',
    specialty: 'Pediatria',
    crm: '117654',
    uf: 'SP',
    price: 200,
    bio: 'Pediatra. Puericultura, amamentação, introdução alimentar e sinais de alerta nos primeiros anos de vida.',
  },
  {
    name: 'Bruno Guimarães Torres',
    specialty: 'Pediatria',
    crm: '48231',
    uf: 'MG',
    price: 170,
    bio: 'Pediatra. Acompanha crescimento e desenvolvimento, febre, alergias e o calendário de vacinas.',
  },
  {
    name: 'Aline Freitas Moraes',
    specialty: 'Pediatria',
    crm: '30977',
    uf: 'RS',
    price: 160,
    bio: 'Pediatra. Atende do recém-nascido ao adolescente, com orientações claras para toda a família.',
  },
  {
    name: 'Daniel Carvalho Neves',
    specialty: 'Psiquiatria',
    crm: '99871',
    uf: 'SP',
    price: 450,
    bio: 'Psiquiatra. Ansiedade, depressão e transtorno bipolar, com acompanhamento regular e ajustes cuidadosos do tratamento.',
  },
  {
    name: 'Renata Pacheco Brito',
    specialty: 'Psiquiatria',
    crm: '52846',
    uf: 'DF',
    price: 380,
    bio: 'Psiquiatra da infância e da adolescência. Avalia TDAH, autismo e dificuldades escolares e orienta as famílias.',
  },
  {
    name: 'Leonardo Assis Cardoso',
    specialty: 'Psiquiatria',
    crm: '33519',
    uf: 'CE',
    price: 300,
    bio: 'Psiquiatra. Insônia, dependência química e saúde mental de profissionais sob alta pressão.',
  },
  {
    name: 'Priscila Amaral Teles',
    specialty: 'Ginecologia e Obstetrícia',
    crm: '128345',
    uf: 'SP',
    price: 260,
    bio: 'Ginecologista e obstetra. Pré-natal de baixo risco, contracepção e planejamento familiar.',
  },
  {
    name: 'Mônica Vasconcelos Pinto',
    specialty: 'Ginecologia e Obstetrícia',
    crm: '70214',
    uf: 'RJ',
    price: 280,
    bio: 'Ginecologista com foco em climatério, menopausa e saúde sexual da mulher.',
  },
  {
    name: 'Júlia Cordeiro Santana',
    specialty: 'Ginecologia e Obstetrícia',
    crm: '27603',
    uf: 'AM',
    price: 180,
    bio: 'Ginecologista e obstetra. Orienta sobre ciclo menstrual, endometriose e cuidados no pós-parto.',
  },
  {
    name: 'Rodrigo Falcão Medeiros',
    specialty: 'Endocrinologia e Metabologia',
    crm: '83456',
    uf: 'SP',
    price: 310,
    bio: 'Endocrinologista. Diabetes tipos 1 e 2, ajuste de insulina e tratamento da obesidade.',
  },
  {
    name: 'Letícia Moreira Diniz',
    specialty: 'Endocrinologia e Metabologia',
    crm: '46012',
    uf: 'MG',
    price: 270,
    bio: 'Endocrinologista com foco em tireoide, síndrome dos ovários policísticos e outros distúrbios hormonais.',
  },
  {
    name: 'André Luiz Fonseca',
    specialty: 'Gastroenterologia',
    crm: '59023',
    uf: 'PR',
    price: 240,
    bio: 'Gastroenterologista. Refluxo, gastrite, intestino irritável e doenças inflamatórias intestinais.',
  },
  {
    name: 'Sabrina Coelho Martins',
    specialty: 'Otorrinolaringologia',
    crm: '38840',
    uf: 'SC',
    price: 220,
    bio: 'Otorrinolaringologista. Sinusite, rinite alérgica, zumbido e tontura.',
  },
  {
    name: 'Paulo Roberto Azevedo',
    specialty: 'Urologia',
    crm: '21497',
    uf: 'ES',
    price: 250,
    bio: 'Urologista. Saúde masculina, próstata, cálculo renal e infecções urinárias.',
  },
  {
    name: 'Helena Prates Quintela',
    specialty: 'Geriatria',
    crm: '76543',
    uf: 'SP',
    price: 290,
    bio: 'Geriatra. Avaliação global da pessoa idosa, memória, prevenção de quedas e revisão de medicamentos.',
  },
  {
    name: 'Sérgio Matos Rabelo',
    specialty: 'Reumatologia',
    crm: '34288',
    uf: 'BA',
    price: 260,
    bio: 'Reumatologista. Artrite reumatoide, lúpus, gota e fibromialgia.',
  },
  {
    name: 'Viviane Lins Barreto',
    specialty: 'Infectologia',
    crm: '25671',
    uf: 'PE',
    price: 210,
    bio: 'Infectologista. Infecções de repetição, hepatites virais, HIV e vacinas para quem vai viajar.',
  },
  {
    name: 'Fábio Rezende Cunha',
    specialty: 'Nutrologia',
    crm: '67432',
    uf: 'GO',
    price: 230,
    bio: 'Nutrólogo. Emagrecimento com acompanhamento médico, deficiências de vitaminas e alimentação nas doenças crônicas.',
  },
];

export const PENDING_DOCTORS: readonly DemoDoctor[] = [
  {
    name: 'Cristiano Lopes Macedo',
    specialty: 'Cardiologia',
    crm: '77120',
    uf: 'SP',
    price: 200,
    email: DEMO_LOGINS.pendingDoctor,
    bio: 'Cardiologista recém-chegado à telemedicina, com foco em check-up cardiológico.',
  },
  {
    name: 'Elaine Rocha Furtado',
    specialty: 'Dermatologia',
    crm: '53318',
    uf: 'RJ',
    price: 240,
    bio: 'Dermatologista. Acne na vida adulta e cuidados com a pele sensível.',
  },
  {
    name: 'Murilo Teixeira Bragança',
    specialty: 'Psiquiatria',
    crm: '41902',
    uf: 'MG',
    price: 350,
    bio: 'Psiquiatra. Transtornos de ansiedade e acompanhamento de longo prazo.',
  },
];

export const REJECTED_DOCTOR: DemoDoctor = {
  name: 'Jorge Amâncio Pereira',
  specialty: 'Clínica Geral',
  crm: '81190',
  uf: 'SP',
  price: 120,
  email: DEMO_LOGINS.rejectedDoctor,
  bio: 'Clínico geral.',
};
export const REJECTION_REASON =
  'O nome cadastrado não corresponde ao registro do CRM informado. Atualize o nome ou envie um documento em que ele apareça igual ao do CRM.';

/** Signed up as a doctor and has not filled in the professional profile yet. */
export const NEW_DOCTOR_NAME = 'Simone Barreto Falcão';

/** A street of each demo patient's city (by area code), for the boletos of the demo. */
const CITIES_BY_DDD: Record<
  string,
  { city: string; state: BillingAddress['state']; district: string; postalCode: string }
> = {
  '11': { city: 'São Paulo', state: 'SP', district: 'Bela Vista', postalCode: '01310100' },
  '21': { city: 'Rio de Janeiro', state: 'RJ', district: 'Centro', postalCode: '20040020' },
  '31': { city: 'Belo Horizonte', state: 'MG', district: 'Funcionários', postalCode: '30130010' },
  '41': { city: 'Curitiba', state: 'PR', district: 'Centro', postalCode: '80010000' },
  '51': { city: 'Porto Alegre', state: 'RS', district: 'Centro Histórico', postalCode: '90010150' },
  '61': { city: 'Brasília', state: 'DF', district: 'Asa Sul', postalCode: '70040010' },
  '62': { city: 'Goiânia', state: 'GO', district: 'Setor Central', postalCode: '74015010' },
  '71': { city: 'Salvador', state: 'BA', district: 'Comércio', postalCode: '40015010' },
  '81': { city: 'Recife', state: 'PE', district: 'Boa Vista', postalCode: '50050000' },
  '85': { city: 'Fortaleza', state: 'CE', district: 'Aldeota', postalCode: '60150160' },
};

function demoAddress(ddd: string, i: number): BillingAddress {
  const place = CITIES_BY_DDD[ddd] ?? (CITIES_BY_DDD['11'] as NonNullable<(typeof CITIES_BY_DDD)[string]>);
  return { ...place, street: 'Rua das Acácias', number: String(120 + i * 7) };
}

/** A consulting room in the capital of the doctor's area code, as their documents print it. */
function practiceAddress(ddd: string, seed: number): string {
  const place = CITIES_BY_DDD[ddd] ?? (CITIES_BY_DDD['11'] as NonNullable<(typeof CITIES_BY_DDD)[string]>);
  const cep = `${place.postalCode.slice(0, 5)}-${place.postalCode.slice(5)}`;
  return `Rua dos Médicos, ${200 + seed * 11}, sala ${(seed % 30) + 1} — ${place.district}, ${place.city}/${place.state}, ${cep}`;
}

export const PATIENTS: readonly { name: string; ddd: string; email?: string }[] = [
  { name: 'Ana Clara Mendes', ddd: '11', email: DEMO_LOGINS.patient },
  { name: 'João Pedro Silva', ddd: '21' },
  { name: 'Maria Eduarda Oliveira', ddd: '31' },
  { name: 'Gabriel Santos Rocha', ddd: '41' },
  { name: 'Luiza Fernandes Castro', ddd: '51' },
  { name: 'Matheus Ribeiro Alves', ddd: '71' },
  { name: 'Sofia Martins Pereira', ddd: '81' },
  { name: 'Pedro Henrique Gomes', ddd: '85' },
  { name: 'Valentina Costa Araújo', ddd: '61' },
  { name: 'Miguel Azevedo Barros', ddd: '62' },
];

/** "Ana Clara Mendes" → "ana.mendes@pulsa.example". */
function emailFor(name: string): string {
  const words = name.split(' ');
  return `${slugify(words[0] as string)}.${slugify(words.at(-1) as string)}@${DEMO_EMAIL_DOMAIN}`;
}

/** A mobile number in the given area code, different for every seed. */
function phoneFor(ddd: string, seed: number): string {
  return `${ddd}9${String(81_234_567 + seed * 104_729).slice(-8)}`;
}

export interface DemoSummary {
  specialties: number;
  approvedDoctors: number;
  pendingDoctors: number;
  rejectedDoctors: number;
  /** Signed up, profile not filled in yet. */
  newDoctors: number;
  patients: number;
  /** The booking story (demo-bookings.ts); absent when it was not written. */
  bookings?: DemoBookings;
}

/** Consultations the demo doctor held: [patient index, days ago] at 10:00 in São Paulo. */
const PAST_CONSULTATIONS: readonly [number, number][] = [
  [0, 12],
  [0, 47],
  [1, 5],
  [2, 33],
  [2, 61],
  [2, 90],
];

/**
 * The demo doctor's patient list: four patients, three of them with consultations held (written after
 * this transaction by the booking rules, `addDemoBookings`), so the list's counts and last visits,
 * computed from the appointments, have something to show.
 */
async function fillDemoDoctorPatients(tx: Tx, doctorId: string, patientIds: string[]) {
  const listed = patientIds.slice(0, 4);
  const profiles = PATIENTS.slice(0, 4);
  await tx.insert(doctorPatients).values(
    listed.map((patientId, i) => ({
      doctorId,
      patientId,
      patientName: profiles[i]?.name ?? '',
      patientEmail: profiles[i]?.email ?? emailFor(profiles[i]?.name ?? ''),
    })),
  );
}

/** The demo patient's latest consultation keeps its chat and a file, for the health space. */
async function addDemoConversation(tx: Tx, storage: FileStorage, appointmentId: string) {
  const [latest] = await tx
    .select({
      startsAt: appointments.startsAt,
      patientId: appointments.patientId,
      doctorUserId: doctorProfiles.userId,
    })
    .from(appointments)
    .innerJoin(doctorProfiles, eq(doctorProfiles.id, appointments.doctorId))
    .where(eq(appointments.id, appointmentId));
  if (!latest) return;
  const at = (minutesIn: number) => new Date(latest.startsAt.getTime() + minutesIn * 60_000);
  const fileKey = `consultations/${randomUUID()}.pdf`;
  const pdf = await samplePdf([
    'Hemograma completo',
    'Paciente: Ana Clara Mendes',
    'Hemoglobina: 13,8 g/dL (referência 12,0–15,5)',
    'Leucócitos: 6.200/mm³ (referência 4.000–11.000)',
    'Plaquetas: 245.000/mm³ (referência 150.000–450.000)',
  ]);
  await storage.put(fileKey, pdf, 'application/pdf');
  await tx.insert(consultationMessages).values([
    {
      appointmentId,
      senderId: latest.patientId,
      body: 'Bom dia, doutora! Trouxe o hemograma que fiz semana passada.',
      createdAt: at(2),
    },
    {
      appointmentId,
      senderId: latest.patientId,
      body: '',
      fileKey,
      fileName: 'hemograma.pdf',
      fileMime: 'application/pdf',
      fileSize: pdf.length,
      createdAt: at(3),
    },
    {
      appointmentId,
      senderId: latest.doctorUserId,
      body: 'Obrigada, Ana. Os valores estão dentro da referência. Vamos conversar sobre o sono.',
      createdAt: at(9),
    },
    {
      appointmentId,
      senderId: latest.doctorUserId,
      body: 'Deixei as orientações escritas na conclusão da consulta.',
      createdAt: at(24),
    },
  ]);
}

/**
 * Reviews of the demo doctor's held consultations, newest first (the demo patient's are left for
 * them to rate): one published with the doctor's reply, one published as anonymous, one waiting
 * for moderation and one rejected — every state the admin's screen and the public page show.
 */
async function addDemoReviews(tx: Tx, doctorId: string, adminId: string, demoPatientId?: string) {
  const all = await tx
    .select({ id: appointments.id, patientId: appointments.patientId, endsAt: appointments.endsAt })
    .from(appointments)
    .where(and(eq(appointments.doctorId, doctorId), eq(appointments.status, 'completed')))
    .orderBy(desc(appointments.startsAt));
  const held = all.filter((a) => a.patientId !== demoPatientId);
  const after = (i: number, hours: number) =>
    new Date((held[i]?.endsAt ?? new Date()).getTime() + hours * 3_600_000);
  const demo = [
    {
      rating: 5,
      comment: 'Muito atenciosa, explicou cada exame com calma e respondeu todas as minhas dúvidas.',
      status: 'approved',
      reply: 'Obrigada pela confiança! Fico à disposição para o retorno.',
    },
    {
      rating: 4,
      comment: 'Consulta pontual e objetiva. Gostei das orientações por escrito.',
      anonymous: true,
      status: 'approved',
    },
    { rating: 5, comment: null, status: 'pending' },
    {
      rating: 1,
      comment: 'Meu telefone é (11) 91234-5678, me liguem para marcar direto.',
      status: 'rejected',
      reason: 'personal_data',
    },
  ] as const;
  const rows = demo.flatMap((r, k) => {
    const a = held[k];
    if (!a) return [];
    const moderated = r.status !== 'pending';
    return [
      {
        appointmentId: a.id,
        patientId: a.patientId,
        doctorId,
        rating: r.rating,
        comment: r.comment,
        anonymous: 'anonymous' in r ? r.anonymous : false,
        status: r.status,
        rejectionReason: 'reason' in r ? r.reason : null,
        moderatedBy: moderated ? adminId : null,
        moderatedAt: moderated ? after(k, 26) : null,
        doctorReply: 'reply' in r ? r.reply : null,
        doctorRepliedAt: 'reply' in r ? after(k, 30) : null,
        createdAt: after(k, 2),
      },
    ];
  });
  if (rows.length) await tx.insert(reviews).values(rows);
  await recountDoctorRating(tx, doctorId);
}

/** What the demo doctor wrote at "Concluir consulta", in the order of PAST_CONSULTATIONS. */
const DEMO_GUIDANCE: readonly (string | null)[] = [
  'Hemograma sem alterações. Manter a caminhada de 30 minutos, cinco vezes por semana, e evitar telas uma hora antes de dormir. Retorno em 3 meses ou antes se as palpitações voltarem.',
  'Pressão controlada. Continuar a medir em casa duas vezes por semana e anotar os valores para a próxima consulta.',
  'Reduzir o sal e o café. Refazer o perfil lipídico em 6 meses.',
];

/** Fills an empty database with the demo data, all in one transaction (nothing half-written). */
export async function fillDemoData(db: Db, storage: FileStorage): Promise<DemoSummary> {
  return db.transaction(async (tx) => {
    const specialties = await seedSpecialties(tx);
    const specialtyId = (name: string) => {
      const row = specialties.get(name);
      if (!row) throw new Error(`demo data names an unknown specialty: ${name}`);
      return row.id;
    };

    const admin = await createAdmin(tx, {
      email: DEMO_LOGINS.admin,
      password: DEMO_PASSWORDS.admin,
      fullName: 'Administração Pulsa',
    });
    // The platform's default commission (the spec's 10 %), written by the admin like any rule.
    await createCommission(
      tx,
      { id: admin.id },
      { ...COMMISSION_FORM_DEFAULTS, name: 'Padrão da plataforma', isDefault: true },
    );
    // Pronto atendimento in Clínica Geral and Pediatria, set up by the admin like any service.
    for (const service of DEMO_ON_DEMAND)
      await configureOnDemand(
        tx,
        { id: admin.id, role: 'admin' },
        specialtyId(service.specialty),
        service.input,
      );

    const doctor = (d: DemoDoctor, seed: number, status: 'approved' | 'pending') =>
      createDoctor(tx, {
        email: d.email ?? emailFor(d.name),
        password: DEMO_PASSWORDS.doctor,
        fullName: d.name,
        phone: phoneFor(DDD[d.uf] ?? '11', seed),
        cpf: fakeCpf(1000 + seed),
        specialtyId: specialtyId(d.specialty),
        crmNumber: d.crm,
        crmState: d.uf,
        consultationPrice: Math.round(d.price * 100),
        bio: d.bio,
        verificationStatus: status,
        availability: AGENDAS[seed % AGENDAS.length],
        // The practice their documents print (CFM 2.299/2021), in their CRM's state when known.
        professionalAddress: practiceAddress(DDD[d.uf] ?? '11', seed),
        professionalPhone: phoneFor(DDD[d.uf] ?? '11', seed + 500),
      });

    const documents = (d: DemoDoctor, created: { id: string; doctorId: string }, list: DemoDocument[]) =>
      addDemoDocuments(
        tx,
        storage,
        { doctorId: created.doctorId, userId: created.id, name: d.name, crm: d.crm, uf: d.uf },
        list,
        admin.id,
      );

    let seed = 0;
    let demoDoctorId: string | undefined;
    for (const d of APPROVED_DOCTORS) {
      const created = await doctor(d, seed++, 'approved');
      if (created.email === DEMO_LOGINS.doctor) {
        demoDoctorId = created.doctorId;
        // Paid by manual PIX (no Stripe in the demo): a key on file, so "Gerar repasses agora" in
        // Repasses builds a real payout through the service. No payout is invented here.
        await tx.insert(payoutAccounts).values({
          doctorId: created.doctorId,
          method: 'pix',
          status: 'active',
          pixKeyType: 'email',
          pixKey: DEMO_LOGINS.doctor,
        });
      }
      await documents(d, created, [
        { kind: 'identity', status: 'verified' },
        { kind: 'crm', status: 'verified' },
      ]);
    }
    // Waiting for the admin: both documents sent, only one, or both and one already verified.
    for (const [i, d] of PENDING_DOCTORS.entries()) {
      const created = await doctor(d, seed++, 'pending');
      const sent: DemoDocument[][] = [
        [
          { kind: 'identity', status: 'pending' },
          { kind: 'crm', status: 'pending' },
        ],
        [{ kind: 'identity', status: 'pending' }],
        [
          { kind: 'identity', status: 'verified' },
          { kind: 'crm', status: 'pending' },
        ],
      ];
      await documents(d, created, sent[i % sent.length] ?? []);
    }
    const rejected = await doctor(REJECTED_DOCTOR, seed++, 'pending');
    await documents(REJECTED_DOCTOR, rejected, [
      { kind: 'identity', status: 'verified' },
      { kind: 'crm', status: 'rejected', reason: REJECTION_REASON },
    ]);
    await setDoctorVerification(tx, rejected.doctorId, 'rejected', REJECTION_REASON);
    await tx.insert(doctorVerificationEvents).values({
      doctorId: rejected.doctorId,
      subject: 'doctor',
      fromStatus: 'pending',
      toStatus: 'rejected',
      reason: REJECTION_REASON,
      actorId: admin.id,
    });
    await createDoctor(tx, {
      email: DEMO_LOGINS.newDoctor,
      password: DEMO_PASSWORDS.doctor,
      fullName: NEW_DOCTOR_NAME,
      phone: phoneFor('11', seed),
      cpf: fakeCpf(1000 + seed++),
      incomplete: true,
    });

    const patientIds: string[] = [];
    for (const [i, p] of PATIENTS.entries()) {
      const created = await createPatient(tx, {
        email: p.email ?? emailFor(p.name),
        password: DEMO_PASSWORDS.patient,
        fullName: p.name,
        phone: phoneFor(p.ddd, 100 + i),
        cpf: fakeCpf(2000 + i),
      });
      patientIds.push(created.id);
      await tx
        .update(userProfiles)
        .set({ billingAddress: demoAddress(p.ddd, i) })
        .where(eq(userProfiles.id, created.id));
    }
    if (demoDoctorId) await fillDemoDoctorPatients(tx, demoDoctorId, patientIds);

    return {
      specialties: specialties.size,
      approvedDoctors: APPROVED_DOCTORS.length,
      pendingDoctors: PENDING_DOCTORS.length,
      rejectedDoctors: 1,
      newDoctors: 1,
      patients: PATIENTS.length,
    };
  });
}

/** What the held consultations carry besides their money: the chat of the latest, and reviews. */
async function addDemoHistoryExtras(db: Db, storage: FileStorage, latestId: string | undefined) {
  await db.transaction(async (tx) => {
    const [doctor] = await tx
      .select({ id: doctorProfiles.id })
      .from(doctorProfiles)
      .innerJoin(users, eq(users.id, doctorProfiles.userId))
      .where(eq(users.email, DEMO_LOGINS.doctor));
    const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.email, DEMO_LOGINS.admin));
    const [patient] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO_LOGINS.patient));
    if (latestId) await addDemoConversation(tx, storage, latestId);
    if (doctor && admin) await addDemoReviews(tx, doctor.id, admin.id, patient?.id);
  });
}

export type DemoState = 'filled' | 'present' | 'foreign';

/**
 * First run (no accounts at all): fill the database. Later runs: leave it as it is. A database
 * holding other accounts is never touched, so the demo cannot mix into real data.
 */
export async function prepareDemoData(
  db: Db,
  storage: FileStorage,
  booking?: BookingContext,
): Promise<{ state: DemoState; summary?: DemoSummary; bookingStoryError?: unknown }> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) === 0) {
    const summary = await fillDemoData(db, storage);
    if (!booking) return { state: 'filled', summary };
    // After the transaction: the booking rules open their own, and need the app's provider and jobs.
    // The accounts are in place whatever happens here, so a failure is reported, not fatal.
    try {
      const bookings = await addDemoBookings(
        booking,
        {
          doctorEmail: DEMO_LOGINS.doctor,
          patientEmail: DEMO_LOGINS.patient,
          historyPatientEmails: PATIENTS.slice(0, 3).map((p) => p.email ?? emailFor(p.name)),
        },
        PAST_CONSULTATIONS.map(([patient, daysAgo], i) => ({
          patient,
          daysAgo,
          notes: DEMO_GUIDANCE[i] ?? undefined,
        })),
      );
      if (bookings) await addDemoHistoryExtras(db, storage, bookings.heldIds[0]);
      return { state: 'filled', summary: { ...summary, ...(bookings ? { bookings } : {}) } };
    } catch (error) {
      return { state: 'filled', summary, bookingStoryError: error };
    }
  }
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_LOGINS.admin));
  return { state: admin ? 'present' : 'foreign' };
}
