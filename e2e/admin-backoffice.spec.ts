import { ADMIN, signInContext } from './support/accounts.ts';
import { expectToast, settleSlowly, tag } from './support/consultations.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * The back office (issue 20, decisions 095 and 096): an admin imports specialties from a CSV
 * (a file with an error is refused in the preview, the corrected one is previewed and imported),
 * edits and deactivates the new specialty (gone from the public list), finds each action in the
 * audit log with its details, and opens the email delivery view, which shows no message body.
 */

const csvFile = (name: string, text: string) => ({
  name,
  mimeType: 'text/csv',
  // Excel's "CSV UTF-8": a BOM, ";" between columns.
  buffer: Buffer.concat([
    Buffer.from([0xef, 0xbb, 0xbf]),
    Buffer.from(text.replaceAll('\n', '\r\n'), 'utf8'),
  ]),
});

test('an admin imports a CSV, edits and deactivates a specialty, and finds it all in the audit log', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const name = `Medicina Hiperbárica ${tag()}`;
  await signInContext(page.context(), ADMIN);

  await page.goto('/admin/import-specialties');
  await settleSlowly(page, 'Importar especialidades');
  // A new installation starts with the built-in list: the one-time button is off, and says why.
  await expect(page.getByText(/^Já existem \d+ especialidades cadastradas/)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Importar \d+ especialidades$/ })).toBeDisabled();

  const fileInput = page.getByLabel('Arquivo CSV');
  await fileInput.setInputFiles(
    csvFile('com-erro.csv', `nome;descricao\n;Sem nome\n${name};Oxigenoterapia.\n`),
  );
  const preview = page.getByRole('region', { name: 'Prévia da importação' });
  await expect(preview).toContainText('1 com erro');
  await expect(preview.getByRole('row').filter({ hasText: 'Informe o nome da especialidade' })).toContainText(
    '2',
  );
  await expect(page.getByRole('button', { name: 'Importar', exact: true })).toBeDisabled();

  await fileInput.setInputFiles(
    csvFile('especialidades.csv', `nome;descricao;icone\n${name};Oxigenoterapia.;wind\nCardiologia;;\n`),
  );
  await expect(preview).toContainText('1 a criar');
  await expect(preview).toContainText('1 sem alteração');
  await expect(preview).toContainText('Lido como UTF-8, separado por ponto e vírgula');
  await page.getByRole('button', { name: 'Importar', exact: true }).click();
  await expectToast(page, 'Importação concluída: 1 criada(s), 0 atualizada(s)');

  // Management: find it, edit it, deactivate it with a reason.
  await page.goto(`/admin/specialties?q=${encodeURIComponent(name)}`);
  await settleSlowly(page, 'Especialidades');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Ativa');
  await row.getByRole('button', { name: `Ações de ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Editar' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar especialidade' });
  await edit.getByLabel('Descrição').fill('Oxigenoterapia e feridas de difícil cicatrização.');
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expectToast(page, 'Especialidade atualizada');

  await row.getByRole('button', { name: `Ações de ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Desativar' }).click();
  const deactivate = page.getByRole('dialog', { name: `Desativar ${name}?` });
  await deactivate.getByLabel('Motivo (opcional)').fill('Atendida pela Clínica Geral');
  await deactivate.getByRole('button', { name: 'Desativar' }).click();
  await expectToast(page, 'Especialidade desativada');
  await expect(row).toContainText('Desativada');
  const publicList = await (await page.request.get('/api/specialties')).json();
  expect(publicList.items.map((s: { name: string }) => s.name)).not.toContain(name);

  // The audit log: each action in words, the reason, and before/after in the details.
  await page.getByRole('link', { name: 'Auditoria' }).first().click();
  await settleSlowly(page, 'Auditoria');
  await page.getByRole('combobox', { name: 'Tipo de registro' }).click();
  await page.getByRole('option', { name: 'Especialidade' }).click();
  const log = page.getByRole('table', { name: 'Registros de auditoria' });
  await expect(log.getByRole('row').filter({ hasText: 'Especialidade desativada' }).first()).toContainText(
    'Atendida pela Clínica Geral',
  );
  await expect(log.getByRole('row').filter({ hasText: 'Especialidade editada' }).first()).toBeVisible();
  await expect(
    log.getByRole('row').filter({ hasText: 'Especialidades importadas (CSV)' }).first(),
  ).toBeVisible();
  await log
    .getByRole('row')
    .filter({ hasText: 'Especialidade desativada' })
    .first()
    .getByRole('button', { name: 'Detalhes: Especialidade desativada' })
    .click();
  const details = page.getByRole('dialog', { name: 'Especialidade desativada' });
  await expect(details).toContainText('Atendida pela Clínica Geral');
  await expect(details.getByRole('row').filter({ hasText: 'active' })).toContainText('SimNão');
  await details.getByRole('button', { name: 'Fechar' }).first().click();

  // The email delivery view: masked addresses, never a body.
  await page.getByRole('link', { name: 'Emails enviados' }).first().click();
  await settleSlowly(page, 'Emails enviados');
  await expect(page.getByText('O conteúdo das mensagens nunca aparece aqui')).toBeVisible();
  const emails = await (await page.request.get('/api/admin/emails?pageSize=50')).json();
  expect(JSON.stringify(emails)).not.toMatch(/"(html|text|subject|body)"/);
});
