import { PASSWORD_RESET_TTL_MINUTES, UPLOAD_MAX_BYTES } from '@pulsa/shared/constants/business';
import { ON_DEMAND_JOIN_MINUTES } from '@pulsa/shared/schemas/on-demand';
// Relative, so the unit tests (no Vite alias) can load the content.
import { paths } from '../../config/paths';

/**
 * The help centre's questions. Static content, consistent with the terms of use: cancellation up to
 * 24 h, boleto from 3 days ahead, 15-minute payment hold, doctor cancellation always refunded.
 */
export interface FaqItem {
  id: string;
  question: string;
  /** Paragraphs. */
  answer: readonly string[];
  /** `visitorsOnly`: a link to sign up, pointless to someone signed in. */
  link?: { label: string; href: string; visitorsOnly?: boolean };
}

export interface FaqSection {
  id: string;
  title: string;
  items: readonly FaqItem[];
}

const uploadMb = UPLOAD_MAX_BYTES / (1024 * 1024);
const resetHours = PASSWORD_RESET_TTL_MINUTES / 60;

export const FAQ_SECTIONS: readonly FaqSection[] = [
  {
    id: 'pacientes',
    title: 'Para pacientes',
    items: [
      {
        id: 'como-agendar',
        question: 'Como agendo uma consulta?',
        answer: [
          'Crie sua conta e confirme seu email pelo link que enviamos. Depois, escolha a especialidade, veja os médicos com CRM, apresentação e valor da consulta, escolha um horário livre na agenda e faça o pagamento.',
          'A consulta fica como "Agendada" até o médico confirmar. Você recebe uma notificação e um email quando ele responder.',
        ],
        link: { label: 'Ver especialidades', href: paths.specialties.href() },
      },
      {
        id: 'aplicativo',
        question: 'Preciso instalar algum aplicativo?',
        answer: [
          'Não. A consulta acontece no navegador, no computador ou no celular. Quando o navegador pedir, permita o uso da câmera e do microfone. Antes de entrar, você pode testar os dois na sala de espera.',
        ],
      },
      {
        id: 'entrar-na-sala',
        question: 'Quando posso entrar na sala da consulta?',
        answer: [
          'A partir de 10 minutos antes do horário marcado. Na primeira consulta, você registra sua concordância com o atendimento por telemedicina, como exige a Resolução CFM nº 2.314/2022.',
        ],
      },
      {
        id: 'atraso',
        question: 'E se eu me atrasar ou não conseguir entrar?',
        answer: [
          'Se você não entrar em até 15 minutos depois do horário de início, o médico pode registrar o não comparecimento, e nesse caso não há reembolso. Se souber que não poderá participar, cancele ou remarque com pelo menos 24 horas de antecedência.',
        ],
      },
      {
        id: 'medico-recusou',
        question: 'O médico pode recusar meu pedido de consulta?',
        answer: [
          'Sim. Se o médico não puder atender, a consulta é cancelada com o motivo "Médico indisponível" e você recebe o valor de volta automaticamente. Depois é só escolher outro horário ou outro médico.',
        ],
      },
      {
        id: 'medico-verificado',
        question: 'Como sei que o médico é habilitado?',
        answer: [
          'Todo médico passa pela verificação da nossa equipe, que confere o CRM e os documentos antes de o perfil aparecer na plataforma. O número e a UF do CRM aparecem no perfil, e você também pode consultá-los no site do Conselho Federal de Medicina.',
        ],
      },
      {
        id: 'receita-atestado',
        question: 'Recebo receita e atestado?',
        answer: [
          'Se o médico julgar necessário, ele emite durante ou logo após a consulta uma receita simples, um atestado, um pedido de exames ou um relatório. Cada documento é um PDF assinado digitalmente, com código de verificação e QR code: a farmácia ou quem o receber confere a autenticidade em /verificar. Os documentos ficam em Meu histórico, na sua conta.',
          'Receitas de medicamentos controlados (notificações A, B, B2 e de controle especial) não são emitidas pelo Pulsa: desde a RDC Anvisa nº 1.000/2025 elas só valem quando emitidas por plataformas ligadas ao sistema nacional de numeração (SNCR), que o Pulsa não é. Nesses casos o médico orienta como obter a receita.',
        ],
      },
      {
        id: 'mensagens',
        question: 'Posso conversar com o médico fora da consulta?',
        answer: [
          'Sim, dentro de algumas regras. Depois que você agenda uma consulta, abre-se em Mensagens uma conversa com esse médico, que você também abre pelo botão "Enviar mensagem" da consulta, para textos e arquivos (JPG, PNG ou PDF até 5 MB). O chat das consultas por vídeo também aparece na conversa, marcado com a data da consulta.',
          'Você pode escrever enquanto houver uma consulta agendada com o médico e durante o prazo de acompanhamento depois de cada consulta concluída (7 dias, ou o prazo que o médico definir). Depois disso a conversa fica encerrada para novas mensagens suas até uma nova consulta; o médico também pode encerrar ou reabrir a conversa. Se uma mensagem ficar 15 minutos sem ser lida, enviamos um único aviso por email, sem o conteúdo dela.',
          'As mensagens não substituem uma nova consulta quando é preciso avaliar algo novo e não são para emergências: em caso de emergência, ligue 192 (SAMU) ou procure o pronto-socorro mais próximo. Se receber uma mensagem imprópria, use "Denunciar mensagem"; só a mensagem denunciada e o trecho ao redor dela chegam à equipe.',
        ],
      },
      {
        id: 'emergencia',
        question: 'O Pulsa atende emergências?',
        answer: [
          'Não. Em caso de falta de ar, dor no peito, desmaio, sangramento intenso, sinais de AVC ou qualquer situação de risco, ligue para o SAMU (192) ou procure o pronto-socorro mais próximo.',
        ],
      },
      {
        id: 'criancas',
        question: 'Posso agendar uma consulta para meu filho?',
        answer: [
          'Sim. A conta é de um adulto: o pai, a mãe ou o responsável legal agenda pela própria conta e acompanha a criança ou o adolescente durante toda a consulta.',
        ],
      },
    ],
  },
  {
    id: 'pronto-atendimento',
    title: 'Pronto atendimento',
    items: [
      {
        id: 'pronto-atendimento-o-que-e',
        question: 'O que é o pronto atendimento?',
        answer: [
          'É uma consulta por vídeo sem agendamento: você escolhe a especialidade, entra na fila e é atendido pelo primeiro médico de plantão que chamar você. Cada especialidade tem os seus horários (de Brasília), o valor da consulta e a espera máxima garantida, mostrados na página Pronto atendimento da sua conta.',
          'Enquanto espera, a página mostra sua posição na fila e a previsão de atendimento, calculada com os médicos de plantão e a duração média das consultas.',
        ],
        link: { label: 'Ver pronto atendimento', href: paths.patient.onDemand.href() },
      },
      {
        id: 'pronto-atendimento-emergencia',
        question: 'O pronto atendimento atende emergências?',
        answer: [
          'Não. O pronto atendimento não é um serviço de emergência. Antes de entrar na fila, você responde a perguntas sobre sinais de alerta, como dor no peito, falta de ar, desmaio, sinais de AVC ou sangramento intenso. Se algum estiver presente, você não entra na fila: ligue para o SAMU (192) ou vá ao pronto-socorro mais próximo.',
        ],
      },
      {
        id: 'pronto-atendimento-pagamento',
        question: 'Como pago o pronto atendimento?',
        answer: [
          'Com cartão de crédito ou PIX; o boleto não está disponível no pronto atendimento, porque a compensação leva dias. No cartão, o valor fica reservado ao entrar na fila e só é cobrado quando um médico assumir o seu atendimento. No PIX, você paga ao entrar e vai para a fila assim que o pagamento é confirmado.',
        ],
      },
      {
        id: 'pronto-atendimento-espera',
        question: 'E se nenhum médico me chamar?',
        answer: [
          'Se nenhum médico chamar você dentro da espera máxima garantida da especialidade, a reserva no seu cartão é liberada automaticamente e nada é cobrado; se você pagou com PIX, o valor é devolvido automaticamente, por inteiro, pelo PIX. O mesmo acontece se você sair da fila antes de ser chamado, em "Sair da fila", ou se a equipe do Pulsa encerrar a fila.',
        ],
      },
      {
        id: 'pronto-atendimento-chamada',
        question: 'O que acontece quando o médico me chama?',
        answer: [
          `A página toca um aviso e mostra o botão "Entrar na consulta". Você tem ${ON_DEMAND_JOIN_MINUTES} minutos para entrar na sala. Se não entrar nesse prazo, conta como não comparecimento e o valor é cobrado, como em uma consulta perdida.`,
        ],
      },
    ],
  },
  {
    id: 'pagamentos',
    title: 'Pagamentos e cancelamentos',
    items: [
      {
        id: 'formas-de-pagamento',
        question: 'Quais formas de pagamento são aceitas?',
        answer: [
          'Cartão de crédito, PIX e boleto. No cartão, o valor é autorizado no agendamento e cobrado quando o médico confirma a consulta. PIX e boleto são pagos no agendamento.',
        ],
      },
      {
        id: 'boleto',
        question: 'Por que a opção de boleto não aparece?',
        answer: [
          'O boleto só está disponível para consultas marcadas com pelo menos 3 dias de antecedência, porque a compensação do pagamento pode levar alguns dias úteis. Para consultas mais próximas, use cartão de crédito ou PIX.',
        ],
      },
      {
        id: 'prazo-pagamento',
        question: 'Quanto tempo tenho para pagar?',
        answer: [
          'O horário fica reservado para você por 15 minutos. Se o pagamento não for concluído nesse prazo, o agendamento expira e o horário volta a ficar livre para outros pacientes.',
        ],
      },
      {
        id: 'taxas',
        question: 'Pago alguma taxa além do valor da consulta?',
        answer: [
          'Não. Você paga exatamente o valor que o médico anuncia no perfil. A comissão do Pulsa é descontada da parte do médico.',
        ],
      },
      {
        id: 'cancelar',
        question: 'Posso cancelar uma consulta?',
        answer: [
          'Sim. O cancelamento feito até 24 horas antes do início é gratuito e você recebe o reembolso integral. Com menos de 24 horas de antecedência, não há reembolso.',
          'Se o médico cancelar, você sempre recebe o valor de volta. O reembolso é feito pelo mesmo meio de pagamento; um boleto pago, que não pode ser estornado, volta por PIX para a chave do seu CPF em até 2 dias úteis.',
        ],
        link: { label: 'Ler os Termos de Uso', href: paths.terms.href() },
      },
      {
        id: 'remarcar',
        question: 'Posso remarcar?',
        answer: [
          'Sim, para outro horário livre da agenda do médico, até duas vezes por consulta. Você pode remarcar até 24 horas antes do início; depois disso, só o médico pode mudar o horário, e nesse caso você mantém o direito ao reembolso integral se cancelar.',
          'Nenhuma consulta é remarcada depois do início.',
        ],
      },
    ],
  },
  {
    id: 'medicos',
    title: 'Para médicos',
    items: [
      {
        id: 'cadastro-medico',
        question: 'Como me cadastro como médico?',
        answer: [
          'Use "Cadastre-se como médico" e informe o nome exatamente como consta no registro do CRM, email, telefone, CPF e senha. Depois de confirmar o email, complete o perfil profissional (CRM, UF, especialidade, valor da consulta e apresentação) e envie o documento de identidade e a carteira do CRM.',
          `Os documentos podem ser enviados em JPG, PNG ou PDF, com até ${uploadMb} MB cada.`,
        ],
        link: { label: 'Cadastre-se como médico', href: paths.registerDoctor.href(), visitorsOnly: true },
      },
      {
        id: 'verificacao',
        question: 'Como funciona a verificação do meu cadastro?',
        answer: [
          'Enquanto a equipe do Pulsa analisa seus documentos, seu cadastro aparece como "Em análise". Você recebe uma notificação e um email com o resultado. Se o cadastro for recusado, você vê o motivo e pode enviar novos documentos. Seu perfil só aparece para os pacientes depois da aprovação.',
        ],
      },
      {
        id: 'agenda',
        question: 'Como defino meus horários?',
        answer: [
          'Na Agenda, cadastre os intervalos em que atende em cada dia da semana. Eles são divididos em horários de consulta (30 minutos por padrão) e os pacientes só conseguem agendar os horários livres. Você pode desativar um intervalo sem apagá-lo.',
        ],
      },
      {
        id: 'aceitar',
        question: 'Preciso aceitar cada consulta?',
        answer: [
          'Sim. Em Agendamentos, aceite ou recuse cada pedido. Ao aceitar, a consulta é confirmada e o pagamento por cartão é cobrado. Ao recusar, a consulta é cancelada e o paciente é reembolsado automaticamente.',
        ],
      },
      {
        id: 'valor',
        question: 'Quem define o valor da consulta?',
        answer: [
          'Você. O valor aparece no seu perfil para os pacientes antes do agendamento. Uma alteração vale para os agendamentos seguintes; o que já foi pago não muda.',
        ],
      },
      {
        id: 'comissao',
        question: 'Quanto o Pulsa cobra?',
        answer: [
          'O Pulsa retém uma comissão percentual sobre cada consulta paga, descontada da sua parte. O percentual é definido pela plataforma e pode variar por especialidade. Em cada pagamento você vê o valor total, a comissão e o valor que fica com você.',
        ],
      },
      {
        id: 'recebimentos',
        question: 'Como recebo pelas consultas?',
        answer: [
          'Sua parte de cada consulta (o valor pago menos a comissão) fica retida até 7 dias depois do fim da consulta e então fica disponível para repasse. Os repasses são feitos periodicamente para a conta de recebimento conectada ao nosso processador de pagamentos ou, sem ela, por PIX feito pela equipe do Pulsa.',
          'Em Pagamentos você acompanha cada consulta: a liberar, disponível, em transferência ou paga. Consultas reembolsadas não geram repasse, e um reembolso feito depois de um repasse é descontado do repasse seguinte.',
        ],
      },
      {
        id: 'plantao',
        question: 'Como funciona o plantão do pronto atendimento?',
        answer: [
          'Se a sua especialidade oferece pronto atendimento, o card Plantão aparece no seu Dashboard. Em "Entrar de plantão", você passa a atender a fila da especialidade: "Chamar próximo" leva você à sala de consulta com o primeiro paciente da fila, e você vê a queixa que ele descreveu. Você atende um paciente do pronto atendimento por vez.',
          `Depois de chamado, o paciente tem ${ON_DEMAND_JOIN_MINUTES} minutos para entrar na sala; se não entrar, conta como não comparecimento. Em "Sair do plantão", você deixa de receber pacientes da fila.`,
        ],
      },
      {
        id: 'documentos-clinicos',
        question: 'Posso emitir receitas e atestados?',
        answer: [
          'Sim. Durante a consulta, ao lado da chamada, você registra o prontuário no formato SOAP (Subjetivo, Objetivo, Avaliação, Plano) com diagnósticos da CID-10; o rascunho é salvo enquanto você digita. Ao assinar, o prontuário fica travado: depois disso só entram adendos datados e assinados por você.',
          'Do prontuário você emite receita simples, atestado, pedido de exames e relatório, em PDF assinado digitalmente (com o certificado da plataforma ou o seu certificado ICP-Brasil A1), com código de verificação e QR code. Receitas de medicamentos controlados (notificações A, B, B2 e de controle especial) não são emitidas: desde a RDC Anvisa nº 1.000/2025 elas exigem plataformas ligadas ao SNCR, que o Pulsa não é.',
        ],
      },
    ],
  },
  {
    id: 'conta',
    title: 'Conta e privacidade',
    items: [
      {
        id: 'email-confirmacao',
        question: 'Não recebi o email de confirmação. E agora?',
        answer: [
          'Confira a caixa de spam e a pasta de promoções. Se não encontrar, tente entrar na sua conta: a tela de login oferece o botão "Reenviar email de confirmação".',
        ],
      },
      {
        id: 'esqueci-senha',
        question: 'Esqueci minha senha.',
        answer: [
          `Na tela de login, clique em "Esqueceu a senha?" e informe seu email. Enviaremos um link para criar uma nova senha, válido por ${resetHours === 1 ? '1 hora' : `${resetHours} horas`}.`,
        ],
        link: { label: 'Redefinir senha', href: paths.forgotPassword.href() },
      },
      {
        id: 'dados-de-saude',
        question: 'Quem vê meus dados de saúde?',
        answer: [
          'Somente você e o médico de cada consulta. Prontuários escritos por outros médicos só aparecem para um médico se você compartilhar seu histórico com ele, e você revoga esse compartilhamento quando quiser, nas configurações. A equipe administrativa do Pulsa não tem acesso ao conteúdo clínico; a única exceção é uma mensagem denunciada a ela.',
          'Cada acesso aos seus dados clínicos (prontuário, documento, arquivo da consulta, histórico) fica registrado de forma permanente. Na página "Quem acessou meus dados" você vê quem acessou, quando, o quê e por quê.',
        ],
        link: { label: 'Ler a Política de Privacidade', href: paths.privacy.href() },
      },
      {
        id: 'excluir-conta',
        question: 'Como baixo meus dados ou excluo minha conta?',
        answer: [
          'Em Configurações › Seus dados, "Baixar meus dados" prepara um arquivo ZIP com todos os seus dados no padrão FHIR e os arquivos e documentos em PDF; o link chega por email e vale por 7 dias.',
          'Ali também fica "Excluir minha conta": com sua senha e a palavra EXCLUIR, seu nome, email, telefone, CPF, endereço e foto são apagados na hora e suas sessões são encerradas. Consultas futuras são canceladas e reembolsadas pelas regras de cancelamento. O prontuário e os demais registros clínicos continuam guardados por 20 anos desde o último registro, como determina a Lei 13.787/2018; a data é mostrada antes de você confirmar.',
        ],
      },
    ],
  },
];
