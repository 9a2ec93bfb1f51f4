import { ON_DEMAND_JOIN_MINUTES } from '@pulsa/shared/schemas/on-demand';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { LegalSection } from '../components/legal-document';
import { LEGAL_ENTITY as E } from '../contacts';

const Email = ({ address }: { address: string }) => <a href={`mailto:${address}`}>{address}</a>;

export const TERMS_INTRO = (
  <>
    <p>
      Estes termos regem o uso da {E.brand}, plataforma de telemedicina operada pela <strong>{E.name}</strong>{' '}
      Ao criar uma conta ou usar a plataforma, você declara que leu e concorda com eles e com a{' '}
      <Link to={paths.privacy.href()}>Política de Privacidade</Link>.
    </p>
    <p className="rounded-lg border border-destructive/40 bg-destructive/5 p-4">
      <strong>A {E.brand} não atende emergências.</strong> Em caso de falta de ar, dor no peito, desmaio,
      sangramento intenso, sinais de AVC ou qualquer situação de risco, ligue imediatamente para o SAMU (192)
      ou procure o pronto-socorro mais próximo.
    </p>
  </>
);

export const TERMS_SECTIONS: readonly LegalSection[] = [
  {
    id: 'papel-da-plataforma',
    title: 'O papel do Pulsa e o papel dos médicos',
    body: (
      <>
        <p>
          A {E.brand} é uma plataforma de tecnologia que aproxima pacientes e médicos: oferece a busca por
          especialidade, a agenda, o pagamento, a sala de consulta por vídeo, as mensagens e as ferramentas de
          registro do atendimento.
        </p>
        <p>
          Os médicos são profissionais independentes, com CRM ativo. Diagnósticos, prescrições, atestados,
          orientações e a decisão de indicar uma consulta presencial são atos médicos, de responsabilidade
          exclusiva de quem atende, segundo o Código de Ética Médica. A {E.brand} verifica o CRM e os
          documentos de cada médico antes de o perfil aparecer na plataforma, mas não interfere nas decisões
          clínicas.
        </p>
      </>
    ),
  },
  {
    id: 'emergencias',
    title: 'Emergências',
    body: (
      <>
        <p>
          A teleconsulta não substitui o atendimento de urgência e emergência. Em situações de risco, ligue
          para o <strong>SAMU (192)</strong>, para o Corpo de Bombeiros (193) ou procure o pronto-socorro mais
          próximo.
        </p>
        <p>
          Se, durante a consulta, o médico identificar sinais de gravidade, ele orientará você a buscar
          atendimento presencial imediatamente.
        </p>
      </>
    ),
  },
  {
    id: 'contas',
    title: 'Contas',
    body: (
      <ul>
        <li>
          A conta é pessoal e intransferível, destinada a maiores de 18 anos, com um CPF e um email por conta.
        </li>
        <li>
          Você deve informar dados verdadeiros e confirmar seu email antes de entrar. A consulta de uma
          criança ou de um adolescente é agendada e acompanhada pelo responsável legal.
        </li>
        <li>Guarde sua senha com cuidado. Se suspeitar de uso indevido, troque-a e avise-nos.</li>
        <li>
          Médicos se cadastram com o nome exatamente como consta no registro do CRM, completam o perfil
          profissional (CRM, UF, especialidade e valor da consulta) e enviam documento de identidade e
          carteira do CRM. A equipe da {E.brand} analisa os documentos e aprova ou recusa o cadastro,
          informando o motivo da recusa. Só médicos aprovados aparecem na busca e podem ser agendados.
        </li>
      </ul>
    ),
  },
  {
    id: 'teleconsulta',
    title: 'Como funciona a teleconsulta',
    body: (
      <ul>
        <li>
          As consultas seguem a Resolução CFM nº 2.314/2022. Antes da primeira consulta, o paciente registra
          sua concordância com o atendimento por telemedicina.
        </li>
        <li>
          Paciente e médico podem entrar na sala a partir de 10 minutos antes do horário marcado. Use um lugar
          reservado, uma boa conexão e um navegador com câmera e microfone liberados.
        </li>
        <li>
          Se o paciente não entrar em até 15 minutos após o horário de início, o médico pode registrar o não
          comparecimento.
        </li>
        <li>
          O médico registra o atendimento em prontuário (SOAP, com diagnósticos da CID-10), que ele assina e
          trava: depois disso só recebe adendos datados e assinados pelo próprio autor. Dele o médico pode
          emitir receita simples, atestado, pedido de exames e relatório, em PDF assinado digitalmente, com
          código de verificação e QR code conferíveis em /verificar. Os documentos ficam em Meu histórico, na
          sua conta.
        </li>
        <li>
          Receitas de medicamentos controlados (notificações A, B, B2 e de controle especial) não são emitidas
          na plataforma: desde a RDC Anvisa nº 1.000/2025 elas só valem quando emitidas por plataformas
          ligadas ao sistema nacional de numeração (SNCR), que a {E.brand} não é.
        </li>
        <li>O médico pode concluir que o caso exige exame ou consulta presencial.</li>
        <li>É proibido gravar a consulta sem a autorização expressa da outra parte.</li>
      </ul>
    ),
  },
  {
    id: 'agendamento-pagamento',
    title: 'Agendamento e pagamento',
    body: (
      <ul>
        <li>
          Cada médico define o valor da própria consulta, que aparece no perfil antes do agendamento. O
          paciente paga exatamente esse valor, sem taxas adicionais.
        </li>
        <li>
          O pagamento pode ser feito por <strong>cartão de crédito</strong>, <strong>PIX</strong> ou{' '}
          <strong>boleto</strong>. O boleto só está disponível para consultas marcadas com pelo menos 3 dias
          de antecedência.
        </li>
        <li>
          O horário fica reservado enquanto o pagamento é concluído.{' '}
          <strong>Um agendamento não pago expira em 15 minutos</strong> e o horário volta a ficar livre.
        </li>
        <li>
          No cartão, o valor é autorizado no agendamento e cobrado quando o médico confirma a consulta. PIX e
          boleto são pagos no agendamento.
        </li>
        <li>
          O médico aceita ou recusa cada pedido. Se recusar, a consulta é cancelada com o motivo "Médico
          indisponível" e o valor é reembolsado integral e automaticamente.
        </li>
        <li>
          O recibo da consulta (Receita Saúde) é emitido pelo médico, no aplicativo ou no portal da Receita
          Federal, com o CPF informado no seu cadastro; o Pulsa não emite notas fiscais nem recibos das
          consultas.
        </li>
      </ul>
    ),
  },
  {
    id: 'cancelamento',
    title: 'Cancelamento, remarcação e reembolso',
    body: (
      <ul>
        <li>
          <strong>Cancelamento pelo paciente até 24 horas antes do início</strong>: gratuito, com reembolso
          integral.
        </li>
        <li>
          <strong>Cancelamento pelo paciente com menos de 24 horas de antecedência</strong> ou não
          comparecimento: não há reembolso.
        </li>
        <li>
          <strong>Cancelamento pelo médico</strong>, a qualquer momento, ou ausência do médico: o paciente
          sempre recebe o reembolso integral.
        </li>
        <li>
          Paciente e médico podem remarcar a consulta para outro horário livre da agenda do médico, até duas
          vezes e sempre antes do início. O paciente remarca até 24 horas antes do início; se o médico mudar o
          horário para dentro dessas 24 horas, o paciente mantém o direito ao reembolso integral.
        </li>
        <li>O reembolso é feito pelo mesmo meio usado no pagamento, sempre que possível.</li>
      </ul>
    ),
  },
  {
    id: 'pronto-atendimento',
    title: 'Pronto atendimento',
    body: (
      <ul>
        <li>
          O pronto atendimento é uma teleconsulta sem agendamento: o paciente entra na fila de uma
          especialidade e é atendido pelo primeiro médico de plantão que o chamar. As especialidades, os
          horários (de Brasília), o valor e a espera máxima garantida de cada uma são definidos pela {E.brand}{' '}
          e informados antes da entrada na fila.
        </li>
        <li>
          <strong>O pronto atendimento não é um serviço de emergência.</strong> Antes de entrar na fila, o
          paciente responde a perguntas sobre sinais de alerta; se algum estiver presente, ele não entra na
          fila e deve ligar para o SAMU (192) ou procurar o pronto-socorro mais próximo.
        </li>
        <li>
          O pagamento é feito com <strong>cartão de crédito</strong> ou <strong>PIX</strong>; o boleto não
          está disponível. No cartão, o valor fica reservado ao entrar na fila e{' '}
          <strong>só é cobrado quando um médico assume o atendimento</strong>. No PIX, o paciente paga para
          entrar na fila e entra assim que o pagamento é confirmado.
        </li>
        <li>
          A reserva no cartão é liberada e o PIX é devolvido, sempre por inteiro, se o paciente sair da fila
          antes de ser chamado, se nenhum médico o chamar dentro da espera máxima garantida ou se a equipe da{' '}
          {E.brand} encerrar a fila.
        </li>
        <li>
          Depois de chamado, o paciente tem {ON_DEMAND_JOIN_MINUTES} minutos para entrar na sala. Se não
          entrar nesse prazo, conta como não comparecimento e o valor é cobrado, como em uma consulta perdida.
        </li>
        <li>
          A previsão de espera mostrada na fila é uma estimativa, calculada com os médicos de plantão e a
          duração das consultas recentes; o que a {E.brand} garante é a espera máxima.
        </li>
      </ul>
    ),
  },
  {
    id: 'comissao-repasses',
    title: 'Comissão e repasses aos médicos',
    body: (
      <ul>
        <li>
          A {E.brand} retém uma comissão sobre cada consulta paga, em percentual definido pela plataforma
          (podendo variar por especialidade) e informado ao médico. A comissão é descontada da parte do
          médico; ela nunca é somada ao valor pago pelo paciente.
        </li>
        <li>
          O valor da comissão e a parte do médico ficam registrados em cada pagamento no momento em que ele é
          criado, e não mudam depois.
        </li>
        <li>
          A parte do médico fica retida até alguns dias após o fim da consulta e depois é repassada,
          periodicamente, à conta de recebimento que ele conecta ao processador de pagamentos ou, sem ela, por
          transferência PIX feita pela {E.brand}. Consultas reembolsadas não geram repasse; um reembolso feito
          depois de um repasse é descontado do repasse seguinte.
        </li>
        <li>O médico é responsável pelas obrigações fiscais e profissionais da sua atividade.</li>
      </ul>
    ),
  },
  {
    id: 'avaliacoes',
    title: 'Avaliações',
    body: (
      <p>
        Depois da consulta, o paciente pode avaliar o médico com uma nota de 1 a 5 estrelas e um comentário.
        As avaliações são publicadas depois de moderadas pela equipe da {E.brand}. Não são publicados
        comentários ofensivos, discriminatórios, com dados pessoais ou de saúde de terceiros, ou que não se
        refiram ao atendimento.
      </p>
    ),
  },
  {
    id: 'condutas-proibidas',
    title: 'Condutas proibidas',
    body: (
      <ul>
        <li>Usar dados falsos, de outra pessoa ou um CRM que não seja o seu.</li>
        <li>Compartilhar a conta ou tentar acessar dados de outras pessoas.</li>
        <li>Gravar, divulgar ou reproduzir consultas, mensagens ou documentos sem autorização.</li>
        <li>Desrespeitar, assediar ou discriminar pacientes, médicos ou a equipe da {E.brand}.</li>
        <li>Combinar pagamentos fora da plataforma para consultas agendadas por ela.</li>
        <li>Tentar burlar a segurança da plataforma ou extrair dados de forma automatizada.</li>
      </ul>
    ),
  },
  {
    id: 'responsabilidades',
    title: 'Responsabilidades',
    body: (
      <>
        <p>
          A {E.brand} se compromete a manter a plataforma funcionando com segurança e a corrigir falhas o
          quanto antes. Ela pode ficar indisponível por manutenção ou por falhas de terceiros, como provedores
          de internet; nesses casos, se a consulta não puder acontecer por falha da plataforma, a equipe a
          cancela com reembolso integral e você pode agendar outra.
        </p>
        <p>
          Você é responsável pelo seu equipamento, pela sua conexão e pela veracidade das informações que
          fornece. Os médicos respondem pelos atos médicos que praticam.
        </p>
      </>
    ),
  },
  {
    id: 'encerramento',
    title: 'Suspensão e encerramento da conta',
    body: (
      <p>
        Você pode excluir sua conta a qualquer momento em Configurações, com sua senha e uma confirmação
        digitada. Os dados de cadastro são anonimizados na hora e as consultas futuras são canceladas e
        reembolsadas pelas regras de cancelamento. O prontuário e os demais registros clínicos continuam
        guardados por 20 anos desde o último registro (Lei nº 13.787/2018), data mostrada antes da
        confirmação, conforme a <Link to={paths.privacy.href()}>Política de Privacidade</Link>. A {E.brand}{' '}
        pode suspender ou encerrar contas que violem estes termos, avisando o motivo, sem prejuízo do acesso
        do paciente aos seus registros clínicos.
      </p>
    ),
  },
  {
    id: 'alteracoes',
    title: 'Alterações destes termos',
    body: (
      <p>
        Podemos atualizar estes termos. A data da versão em vigor aparece no topo da página e, se a mudança
        for relevante, avisaremos por email e na plataforma antes de ela valer. Consultas já agendadas seguem
        as regras vigentes no momento do agendamento.
      </p>
    ),
  },
  {
    id: 'lei-e-contato',
    title: 'Lei aplicável e contato',
    body: (
      <p>
        Estes termos seguem as leis brasileiras, incluindo o Código de Defesa do Consumidor. Fica eleito o
        foro do domicílio do consumidor. Dúvidas, sugestões ou reclamações: <Email address={E.contactEmail} />{' '}
        ou a <Link to={paths.help.href()}>Central de Ajuda</Link>.
      </p>
    ),
  },
];
