/**
 * The 51 built-in specialties the admin seeds with one click (spec section 9).
 * `icon` names an icon the web maps to a drawing; unknown names fall back to a stethoscope.
 */
export interface SpecialtySeed {
  name: string;
  description: string;
  icon: string;
}

export const SPECIALTY_SEED: readonly SpecialtySeed[] = [
  {
    name: 'Acupuntura',
    description: 'Tratamento de dores e condições crônicas com a medicina tradicional chinesa.',
    icon: 'sparkles',
  },
  {
    name: 'Alergia e Imunologia',
    description: 'Alergias respiratórias, alimentares, de pele e doenças do sistema imune.',
    icon: 'shield',
  },
  {
    name: 'Anestesiologia',
    description: 'Avaliação pré-anestésica, controle da dor e orientação antes de cirurgias.',
    icon: 'syringe',
  },
  {
    name: 'Angiologia',
    description: 'Varizes, má circulação e doenças dos vasos sanguíneos e linfáticos.',
    icon: 'activity',
  },
  {
    name: 'Cardiologia',
    description: 'Prevenção e tratamento de doenças do coração e da pressão arterial.',
    icon: 'heart-pulse',
  },
  {
    name: 'Cirurgia Cardiovascular',
    description: 'Avaliação e acompanhamento de cirurgias do coração e dos grandes vasos.',
    icon: 'heart',
  },
  {
    name: 'Cirurgia da Mão',
    description: 'Lesões, dores e deformidades das mãos e dos punhos.',
    icon: 'hand',
  },
  {
    name: 'Cirurgia de Cabeça e Pescoço',
    description: 'Nódulos de tireoide, tumores e alterações da cabeça e do pescoço.',
    icon: 'scan-face',
  },
  {
    name: 'Cirurgia do Aparelho Digestivo',
    description: 'Doenças cirúrgicas do esôfago, estômago, intestino, fígado e vesícula.',
    icon: 'scissors',
  },
  {
    name: 'Cirurgia Geral',
    description: 'Hérnias, vesícula, apendicite e avaliação para procedimentos cirúrgicos.',
    icon: 'scissors',
  },
  {
    name: 'Cirurgia Pediátrica',
    description: 'Condições cirúrgicas de recém-nascidos, crianças e adolescentes.',
    icon: 'baby',
  },
  {
    name: 'Cirurgia Plástica',
    description: 'Cirurgias reparadoras e estéticas, com avaliação e acompanhamento.',
    icon: 'sparkles',
  },
  {
    name: 'Cirurgia Torácica',
    description: 'Doenças cirúrgicas dos pulmões, da pleura e do tórax.',
    icon: 'wind',
  },
  {
    name: 'Cirurgia Vascular',
    description: 'Tratamento cirúrgico de artérias, veias e aneurismas.',
    icon: 'activity',
  },
  {
    name: 'Clínica Geral',
    description: 'Atendimento inicial, check-ups e acompanhamento da saúde do adulto.',
    icon: 'stethoscope',
  },
  {
    name: 'Coloproctologia',
    description: 'Doenças do intestino grosso, reto e ânus, como hemorroidas e fissuras.',
    icon: 'stethoscope',
  },
  {
    name: 'Dermatologia',
    description: 'Pele, cabelos e unhas: acne, manchas, alergias e prevenção do câncer de pele.',
    icon: 'sun',
  },
  {
    name: 'Endocrinologia e Metabologia',
    description: 'Diabetes, tireoide, obesidade e outros distúrbios hormonais.',
    icon: 'droplet',
  },
  {
    name: 'Endoscopia',
    description: 'Orientação e interpretação de exames endoscópicos do aparelho digestivo.',
    icon: 'scan',
  },
  {
    name: 'Gastroenterologia',
    description: 'Refluxo, gastrite, intestino irritável e doenças do fígado.',
    icon: 'pill',
  },
  {
    name: 'Genética Médica',
    description: 'Aconselhamento genético e investigação de doenças hereditárias.',
    icon: 'dna',
  },
  {
    name: 'Geriatria',
    description: 'Saúde integral da pessoa idosa, memória, quedas e uso de medicamentos.',
    icon: 'users',
  },
  {
    name: 'Ginecologia e Obstetrícia',
    description: 'Saúde da mulher, contracepção, pré-natal e menopausa.',
    icon: 'baby',
  },
  {
    name: 'Hematologia e Hemoterapia',
    description: 'Anemias, distúrbios de coagulação e doenças do sangue.',
    icon: 'droplet',
  },
  {
    name: 'Homeopatia',
    description: 'Abordagem terapêutica homeopática conduzida por médico especialista.',
    icon: 'leaf',
  },
  {
    name: 'Infectologia',
    description: 'Infecções virais e bacterianas, HIV, hepatites e vacinação de viajantes.',
    icon: 'shield',
  },
  {
    name: 'Mastologia',
    description: 'Prevenção, diagnóstico e acompanhamento de doenças da mama.',
    icon: 'ribbon',
  },
  {
    name: 'Medicina de Família e Comunidade',
    description: 'Cuidado contínuo de toda a família, em todas as fases da vida.',
    icon: 'users',
  },
  {
    name: 'Medicina do Trabalho',
    description: 'Saúde ocupacional, afastamentos e prevenção de doenças do trabalho.',
    icon: 'briefcase',
  },
  {
    name: 'Medicina do Tráfego',
    description: 'Avaliação da aptidão para dirigir e prevenção de acidentes.',
    icon: 'car',
  },
  {
    name: 'Medicina Esportiva',
    description: 'Orientação para atividade física, desempenho e lesões do esporte.',
    icon: 'dumbbell',
  },
  {
    name: 'Medicina Física e Reabilitação',
    description: 'Reabilitação após lesões, cirurgias e doenças neurológicas.',
    icon: 'accessibility',
  },
  {
    name: 'Medicina Intensiva',
    description: 'Orientação sobre cuidados intensivos e acompanhamento pós-UTI.',
    icon: 'monitor',
  },
  {
    name: 'Medicina Legal e Perícia Médica',
    description: 'Perícias, laudos e orientação médico-legal.',
    icon: 'scale',
  },
  {
    name: 'Medicina Nuclear',
    description: 'Orientação e interpretação de exames de cintilografia e PET.',
    icon: 'atom',
  },
  {
    name: 'Medicina Preventiva e Social',
    description: 'Prevenção de doenças, rastreamentos e promoção da saúde.',
    icon: 'shield',
  },
  {
    name: 'Nefrologia',
    description: 'Doenças dos rins, pedras nos rins e hipertensão de origem renal.',
    icon: 'droplet',
  },
  {
    name: 'Neurocirurgia',
    description: 'Avaliação de hérnias de disco, tumores e doenças cirúrgicas do sistema nervoso.',
    icon: 'brain',
  },
  {
    name: 'Neurologia',
    description: 'Dores de cabeça, epilepsia, AVC, demências e doenças dos nervos.',
    icon: 'brain',
  },
  {
    name: 'Nutrologia',
    description: 'Alimentação, deficiências nutricionais, obesidade e suplementação.',
    icon: 'apple',
  },
  {
    name: 'Oftalmologia',
    description: 'Saúde dos olhos, visão, irritações oculares e doenças da retina.',
    icon: 'eye',
  },
  {
    name: 'Oncologia Clínica',
    description: 'Diagnóstico, tratamento e acompanhamento do câncer.',
    icon: 'ribbon',
  },
  {
    name: 'Ortopedia e Traumatologia',
    description: 'Ossos, articulações, coluna, músculos e lesões.',
    icon: 'bone',
  },
  {
    name: 'Otorrinolaringologia',
    description: 'Ouvido, nariz e garganta: sinusite, rinite, zumbido e tontura.',
    icon: 'ear',
  },
  {
    name: 'Pediatria',
    description: 'Saúde de bebês, crianças e adolescentes, do crescimento às vacinas.',
    icon: 'baby',
  },
  {
    name: 'Pneumologia',
    description: 'Asma, bronquite, DPOC, apneia do sono e doenças dos pulmões.',
    icon: 'wind',
  },
  {
    name: 'Psiquiatria',
    description: 'Ansiedade, depressão, insônia e outros transtornos mentais.',
    icon: 'brain',
  },
  {
    name: 'Radiologia e Diagnóstico por Imagem',
    description: 'Orientação e interpretação de exames de imagem.',
    icon: 'scan',
  },
  {
    name: 'Radioterapia',
    description: 'Planejamento e acompanhamento do tratamento radioterápico.',
    icon: 'atom',
  },
  {
    name: 'Reumatologia',
    description: 'Artrite, artrose, lúpus, fibromialgia e doenças autoimunes.',
    icon: 'bone',
  },
  {
    name: 'Urologia',
    description: 'Saúde do sistema urinário e da saúde masculina, incluindo a próstata.',
    icon: 'stethoscope',
  },
];
