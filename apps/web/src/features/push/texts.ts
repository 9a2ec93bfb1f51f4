export const PUSH_TEXT = {
  title: 'Notificações no navegador',
  on: 'Ativadas neste navegador.',
  off: 'Desativadas neste navegador.',
  blocked:
    'Bloqueadas pelo navegador. Para receber, permita as notificações deste site nas configurações do navegador e recarregue a página.',
  unsupported: 'Este navegador não oferece notificações.',
  needsInstall:
    'No iPhone e no iPad, adicione o Pulsa à tela de início (Compartilhar → Adicionar à Tela de Início) e abra-o por lá para receber notificações.',
  checking: 'Verificando…',
  turningOn: 'Ativando…',
  turningOff: 'Desativando…',
  switchLabel: 'Notificações no navegador',
  retry: 'Tentar novamente',
  loadError: 'Não foi possível verificar as notificações deste navegador.',
  permissionDismissed: 'As notificações não foram permitidas. Tente novamente e escolha “Permitir”.',
  turnOnError:
    'Não foi possível ativar as notificações neste navegador. Em uma janela anônima ou privada elas não funcionam.',
  turnOffError: 'Não foi possível desativar as notificações neste navegador.',
} as const;
