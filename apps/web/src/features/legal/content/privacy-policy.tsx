import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { LegalSection } from '../components/legal-document';
import { LEGAL_ENTITY as E } from '../contacts';

const Email = ({ address }: { address: string }) => <a href={`mailto:${address}`}>{address}</a>;

export const PRIVACY_INTRO = (
  <>
    <p>
      Esta política explica como a {E.brand} trata os dados pessoais de pacientes, médicos e visitantes, em
      especial os dados de saúde, de acordo com a Lei Geral de Proteção de Dados Pessoais (Lei nº 13.709/2018,
      a LGPD), o Marco Civil da Internet (Lei nº 12.965/2014) e as normas do Conselho Federal de Medicina
      sobre telemedicina.
    </p>
    <p>
      Em resumo: usamos seus dados para que você possa agendar, pagar e realizar consultas por vídeo; seus
      dados de saúde só são vistos por você e pelos médicos que cuidam de você; não vendemos dados e não
      usamos informações de saúde para publicidade.
    </p>
  </>
);

export const PRIVACY_SECTIONS: readonly LegalSection[] = [
  {
    id: 'controlador',
    title: 'Quem é o controlador dos seus dados',
    body: (
      <>
        <p>
          A controladora dos dados pessoais tratados na plataforma é a <strong>{E.name}</strong> ("{E.brand}
          "). Para qualquer assunto sobre esta política, escreva para <Email address={E.contactEmail} />.
        </p>
        <p>
          O conteúdo do prontuário e dos documentos clínicos (receitas, atestados, pedidos de exames e
          relatórios) é de responsabilidade do médico que realizou o atendimento, conforme as normas do
          Conselho Federal de Medicina. A {E.brand} guarda esses registros com segurança e os disponibiliza
          apenas a você e aos médicos que participam do seu cuidado.
        </p>
      </>
    ),
  },
  {
    id: 'dados-coletados',
    title: 'Quais dados coletamos',
    body: (
      <>
        <h3>Dados de cadastro</h3>
        <ul>
          <li>
            Nome completo, email, telefone e CPF (o CPF é usado para emitir a nota fiscal e evitar contas
            duplicadas).
          </li>
          <li>
            Senha, guardada apenas em forma cifrada e irreversível (hash); ninguém na {E.brand} consegue
            lê-la.
          </li>
          <li>Foto de perfil e data de nascimento, se você quiser informar.</li>
        </ul>
        <h3>Dados profissionais dos médicos</h3>
        <ul>
          <li>Número e UF do CRM, especialidade, valor da consulta, apresentação, formação e experiência.</li>
          <li>
            Documento de identidade e carteira do CRM, usados apenas para verificar a habilitação
            profissional.
          </li>
          <li>
            Dados da conta de recebimento no processador de pagamentos ou a chave PIX informada, para o
            repasse dos valores das consultas.
          </li>
        </ul>
        <h3>Dados de saúde (dados pessoais sensíveis)</h3>
        <ul>
          <li>
            O que você informa ao médico durante a consulta, as mensagens e os arquivos trocados com ele.
          </li>
          <li>
            O prontuário de cada consulta (SOAP, diagnósticos da CID-10 e adendos) e os documentos emitidos
            pelo médico: receitas simples, atestados, pedidos de exames e relatórios.
          </li>
          <li>
            O registro do seu consentimento para a teleconsulta e dos compartilhamentos que você autoriza.
          </li>
          <li>O registro de cada acesso aos seus dados clínicos: quem, quando, o quê e por quê.</li>
        </ul>
        <h3>Agendamentos e pagamentos</h3>
        <ul>
          <li>Data, horário e situação das consultas, valor pago, forma de pagamento e reembolsos.</li>
          <li>
            Os dados do cartão são informados diretamente ao processador de pagamentos; a {E.brand} não
            armazena o número completo do cartão nem o código de segurança.
          </li>
          <li>As avaliações que você escreve sobre os médicos após as consultas.</li>
        </ul>
        <h3>Dados técnicos</h3>
        <ul>
          <li>
            Endereço IP, data e hora de acesso e informações do navegador, que a lei nos obriga a guardar como
            registros de acesso a aplicações.
          </li>
          <li>
            A videochamada é transmitida diretamente entre os navegadores do paciente e do médico, com
            criptografia. A {E.brand} não grava o áudio nem o vídeo das consultas.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'finalidades',
    title: 'Para que usamos os dados e com quais bases legais',
    body: (
      <>
        <p>Cada uso tem uma base legal prevista na LGPD:</p>
        <ul>
          <li>
            <strong>Criar e manter sua conta, agendar consultas, processar pagamentos e reembolsos</strong>:
            execução do contrato com você (art. 7º, V).
          </li>
          <li>
            <strong>Emitir notas fiscais e guardar registros de acesso e dados fiscais</strong>: cumprimento
            de obrigação legal (art. 7º, II).
          </li>
          <li>
            <strong>Verificar o CRM e os documentos dos médicos</strong>: cumprimento de obrigação regulatória
            e legítimo interesse em garantir que só médicos habilitados atendam (art. 7º, II e IX).
          </li>
          <li>
            <strong>Realizar a consulta e registrar o atendimento</strong>: os dados de saúde são tratados
            para a tutela da saúde, exclusivamente em procedimento realizado por profissionais de saúde (art.
            11, II, "f"), e o prontuário é guardado por obrigação legal (art. 11, II, "a").
          </li>
          <li>
            <strong>Registrar sua concordância com a teleconsulta</strong>: consentimento livre e esclarecido,
            exigido pela Resolução CFM nº 2.314/2022 e dado uma única vez, antes da primeira consulta.
          </li>
          <li>
            <strong>Enviar emails sobre sua conta e suas consultas</strong> (confirmação de email, pedidos,
            confirmações, cancelamentos, pagamentos e lembretes 24 horas e 1 hora antes): execução do contrato
            (art. 7º, V).
          </li>
          <li>
            <strong>Proteger a plataforma e prevenir fraudes</strong>: legítimo interesse (art. 7º, IX) e,
            quando envolver dados sensíveis, garantia da prevenção à fraude e da segurança do titular (art.
            11, II, "g").
          </li>
          <li>
            <strong>Defender direitos em processos judiciais, administrativos ou arbitrais</strong>: exercício
            regular de direitos (art. 7º, VI, e art. 11, II, "d").
          </li>
        </ul>
        <p>
          Não enviamos publicidade sem o seu consentimento, não vendemos dados pessoais e não usamos dados de
          saúde para marketing ou para selecionar ofertas.
        </p>
      </>
    ),
  },
  {
    id: 'telemedicina',
    title: 'Telemedicina e sigilo médico',
    body: (
      <>
        <p>
          As consultas seguem a Resolução CFM nº 2.314/2022, que regulamenta a telemedicina no Brasil. Isso
          significa que:
        </p>
        <ul>
          <li>
            só atendem médicos com CRM ativo, verificado pela nossa equipe antes de o perfil aparecer na
            plataforma;
          </li>
          <li>antes da primeira teleconsulta você registra sua concordância com esse tipo de atendimento;</li>
          <li>
            o médico registra o atendimento em prontuário, com identificação das partes, data, horário e a
            tecnologia usada;
          </li>
          <li>o médico pode indicar uma consulta presencial sempre que julgar necessário;</li>
          <li>todas as informações da consulta estão protegidas pelo sigilo médico.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'acesso-dados-saude',
    title: 'Quem vê seus dados de saúde',
    body: (
      <>
        <p>
          Apenas você e o médico de cada consulta. O prontuário escrito por um médico só é visto por outro
          médico se você compartilhar seu histórico com ele; você dá e revoga esse compartilhamento, médico a
          médico, nas configurações, e a revogação vale na hora. Os administradores da {E.brand} gerenciam
          contas, agendamentos e pagamentos, mas <strong>não têm acesso ao conteúdo clínico</strong>:
          prontuários, documentos, mensagens e arquivos das consultas. A única exceção é uma mensagem que um
          participante denunciou à equipe: ela é lida com o trecho da conversa ao redor dela, e nada mais.
        </p>
        <p>
          Cada leitura de dados clínicos (prontuário, documento, arquivo da consulta, histórico, mensagem
          denunciada, cópia dos dados) fica registrada de forma permanente: o registro não pode ser alterado
          nem apagado. Na página <strong>Quem acessou meus dados</strong> você vê quem acessou, com nome e CRM
          no caso de médicos, quando, o quê e por quê.
        </p>
      </>
    ),
  },
  {
    id: 'compartilhamento',
    title: 'Com quem compartilhamos dados',
    body: (
      <>
        <ul>
          <li>
            <strong>Médicos</strong>: o médico com quem você agenda recebe seu nome, seus contatos e as
            informações necessárias para a consulta e, depois do pagamento, seu CPF, para emitir o recibo que
            a Receita Federal exige (Receita Saúde). Os dados profissionais dos médicos aprovados (nome, foto,
            CRM e UF, especialidade, valor da consulta e apresentação) ficam visíveis a qualquer visitante,
            porque são o que permite ao paciente escolher.
          </li>
          <li>
            <strong>Processadores de pagamento</strong>: recebem os dados necessários para cobrar por cartão,
            PIX ou boleto, fazer reembolsos e repassar aos médicos a parte que lhes cabe.
          </li>
          <li>
            <strong>Hospedagem e infraestrutura</strong>: provedores de servidores, banco de dados,
            armazenamento de arquivos e envio de emails, que tratam os dados apenas conforme nossas instruções
            e com obrigações de segurança e sigilo.
          </li>
          <li>
            <strong>Servidores de conexão de vídeo</strong>: quando a rede exige, ajudam a estabelecer a
            chamada e recebem apenas dados técnicos de conexão; o conteúdo da chamada continua criptografado.
          </li>
          <li>
            <strong>Autoridades públicas</strong>: quando houver obrigação legal ou ordem judicial.
          </li>
        </ul>
        <p>
          Se algum desses fornecedores guardar dados fora do Brasil, a transferência só ocorre nas hipóteses
          do art. 33 da LGPD, com garantias de proteção equivalentes às da lei brasileira.
        </p>
      </>
    ),
  },
  {
    id: 'retencao',
    title: 'Por quanto tempo guardamos os dados',
    body: (
      <ul>
        <li>
          <strong>Prontuário e demais registros clínicos</strong>: no mínimo 20 anos a partir do último
          registro, como determina a Lei nº 13.787/2018, mesmo que você exclua sua conta.
        </li>
        <li>
          <strong>Registros de acesso à plataforma</strong>: 6 meses, como determina o art. 15 do Marco Civil
          da Internet.
        </li>
        <li>
          <strong>Dados de pagamentos e notas fiscais</strong>: pelo prazo exigido pela legislação fiscal, de
          pelo menos 5 anos.
        </li>
        <li>
          <strong>Dados de cadastro</strong>: enquanto sua conta existir. Quando você pede a exclusão da
          conta, os dados que a lei não obriga a guardar são anonimizados ou eliminados.
        </li>
        <li>
          <strong>Chave PIX e conta de recebimento do médico</strong>: quando o médico exclui a conta, só
          enquanto ainda houver um repasse devido a ele; paga a última transferência, a chave é eliminada
          (ficam o valor, a data e o código da transferência, como dados de pagamento).
        </li>
      </ul>
    ),
  },
  {
    id: 'direitos',
    title: 'Seus direitos e como exercê-los',
    body: (
      <>
        <p>Pelo art. 18 da LGPD, você pode pedir a qualquer momento:</p>
        <ul>
          <li>a confirmação de que tratamos seus dados e o acesso a eles;</li>
          <li>a correção de dados incompletos, inexatos ou desatualizados;</li>
          <li>
            a anonimização, o bloqueio ou a eliminação de dados desnecessários ou tratados em desacordo com a
            lei;
          </li>
          <li>a portabilidade dos dados a outro fornecedor;</li>
          <li>
            a eliminação dos dados tratados com base no seu consentimento e a revogação desse consentimento;
          </li>
          <li>a informação sobre com quem compartilhamos seus dados;</li>
          <li>a revisão de decisões tomadas apenas com base em tratamento automatizado.</li>
        </ul>
        <p>
          Na sua conta você pode: corrigir nome e telefone em Perfil; em Configurações, baixar uma cópia de
          todos os seus dados (um arquivo ZIP no padrão FHIR, com os arquivos e documentos em PDF, cujo link
          chega por email e vale por 7 dias); ver seus consentimentos com versão e data; consultar em Quem
          acessou meus dados cada acesso aos seus dados clínicos; e excluir a conta. Na exclusão, os dados de
          cadastro (nome, email, telefone, CPF, endereço, foto) são anonimizados na hora, as consultas futuras
          são canceladas e reembolsadas pelas regras de cancelamento, e os registros clínicos ficam guardados
          até a data exigida pela lei, que mostramos antes da confirmação. Para os demais pedidos, escreva ao
          encarregado em <Email address={E.dpoEmail} />. Podemos pedir uma confirmação de identidade antes de
          atender, para proteger você, e respondemos em até 15 dias.
        </p>
        <p>
          Se não ficar satisfeito com a resposta, você também pode apresentar uma petição à Autoridade
          Nacional de Proteção de Dados (ANPD), em <a href={E.anpdUrl}>gov.br/anpd</a>.
        </p>
      </>
    ),
  },
  {
    id: 'encarregado',
    title: 'Encarregado pelo tratamento de dados (DPO)',
    body: (
      <p>
        O encarregado é o canal de comunicação entre você, a {E.brand} e a ANPD. Fale com ele pelo email{' '}
        <Email address={E.dpoEmail} />.
      </p>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies e armazenamento no navegador',
    body: (
      <>
        <p>Usamos apenas o estritamente necessário para a plataforma funcionar:</p>
        <ul>
          <li>
            <strong>Um cookie de sessão</strong>, essencial, que mantém você conectado depois de entrar. Ele
            não pode ser lido por scripts da página e deixa de valer quando você sai da conta ou a sessão
            expira.
          </li>
          <li>
            <strong>A sua preferência de tema</strong> (claro, escuro ou do sistema), guardada no
            armazenamento local do navegador, sem nenhum dado pessoal.
          </li>
        </ul>
        <p>
          Não usamos cookies de publicidade, de análise ou de terceiros, nem rastreadores. Por isso não
          pedimos consentimento para cookies: sem o cookie de sessão não seria possível entrar na sua conta.
        </p>
      </>
    ),
  },
  {
    id: 'seguranca',
    title: 'Segurança',
    body: (
      <>
        <ul>
          <li>Toda a comunicação com a plataforma é criptografada (HTTPS).</li>
          <li>
            Senhas e chaves de sessão são guardadas apenas em forma cifrada e irreversível; as sessões podem
            ser encerradas a qualquer momento.
          </li>
          <li>
            Cada pessoa só acessa o que o seu papel permite, e isso é verificado no servidor a cada pedido.
          </li>
          <li>As videochamadas são criptografadas de ponta a ponta entre os navegadores.</li>
          <li>Os acessos a dados clínicos ficam registrados.</li>
        </ul>
        <p>
          Se ocorrer um incidente de segurança que possa trazer risco ou dano relevante, comunicaremos você e
          a ANPD, como determina o art. 48 da LGPD.
        </p>
      </>
    ),
  },
  {
    id: 'menores',
    title: 'Crianças e adolescentes',
    body: (
      <p>
        A conta é pessoal e destinada a maiores de 18 anos. A consulta de uma criança ou de um adolescente é
        agendada pelo pai, pela mãe ou pelo responsável legal, que acompanha o atendimento. Os dados de
        crianças e adolescentes são tratados no seu melhor interesse, como determina o art. 14 da LGPD.
      </p>
    ),
  },
  {
    id: 'alteracoes',
    title: 'Alterações desta política',
    body: (
      <p>
        Podemos atualizar esta política quando a plataforma ou a lei mudarem. A data da versão em vigor
        aparece no topo da página e, se a mudança for relevante, avisaremos por email e na plataforma antes de
        ela valer. Veja também os <Link to={paths.terms.href()}>Termos de Uso</Link>.
      </p>
    ),
  },
];
