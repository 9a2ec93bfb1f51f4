/**
 * The red-flag check before the queue (decision 143): signs that need an emergency room or SAMU,
 * not a video call. Any "sim" sends the patient to SAMU 192 and takes them out of the queue; the
 * server applies the same rule, whatever the page sent.
 */
export const RED_FLAGS = [
  {
    id: 'chest_pain',
    question: 'Dor ou aperto no peito, que pode ir para o braço, as costas ou a mandíbula?',
  },
  { id: 'breathing', question: 'Falta de ar forte ou dificuldade para respirar?' },
  { id: 'fainting', question: 'Desmaio, convulsão ou confusão mental agora?' },
  {
    id: 'stroke',
    question: 'Boca torta, fraqueza ou dormência de um lado do corpo, ou dificuldade repentina para falar?',
  },
  { id: 'bleeding', question: 'Sangramento intenso que não para?' },
  { id: 'suicidal', question: 'Pensamentos de tirar a própria vida ou de se machucar?' },
  { id: 'trauma', question: 'Acidente, queda forte, queimadura extensa ou envenenamento?' },
  { id: 'pregnancy', question: 'Gravidez com sangramento, perda de líquido ou dor forte na barriga?' },
] as const;

export type RedFlagId = (typeof RED_FLAGS)[number]['id'];
export const RED_FLAG_IDS = RED_FLAGS.map((f) => f.id) as [RedFlagId, ...RedFlagId[]];

/** Where a patient goes from the check: the queue, or an emergency service now. */
export type TriageRoute = 'queue' | 'emergency';

/** Every question answered; one "sim" is an emergency. */
export function routeTriage(answers: Readonly<Record<RedFlagId, boolean>>): TriageRoute {
  return RED_FLAG_IDS.some((id) => answers[id] === true) ? 'emergency' : 'queue';
}

/** Suicidal thoughts also get the CVV, besides SAMU and the emergency room. */
export function needsCvv(answers: Readonly<Partial<Record<RedFlagId, boolean>>>): boolean {
  return answers.suicidal === true;
}
