// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/app';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from './alert-dialog';
import { Button } from './button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from './dropdown-menu';

/** A row whose menu opens a confirmation from page state, as the refund of the payments list does. */
function RowMenu() {
  const [refunding, setRefunding] = useState(false);
  return (
    <main id="conteudo" tabIndex={-1}>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost">Ações do pagamento</Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={() => setRefunding(true)}>Reembolsar</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <AlertDialog open={refunding} onOpenChange={setRefunding}>
        <AlertDialogContent>
          <AlertDialogTitle>Reembolsar o pagamento?</AlertDialogTitle>
          <AlertDialogDescription>O valor volta ao paciente.</AlertDialogDescription>
          <AlertDialogCancel>Voltar</AlertDialogCancel>
        </AlertDialogContent>
      </AlertDialog>
    </main>
  );
}

/** A slot whose choice opens the booking dialog through state, with no dialog trigger. */
function Slots() {
  const [slot, setSlot] = useState<string | null>(null);
  return (
    <main id="conteudo" tabIndex={-1}>
      {['09:00', '10:00'].map((time) => (
        <Button key={time} onClick={() => setSlot(time)}>
          {time}
        </Button>
      ))}
      <Dialog open={slot !== null} onOpenChange={(open) => !open && setSlot(null)}>
        <DialogContent>
          <DialogTitle>Agendar às {slot}</DialogTitle>
          <DialogDescription>Confirme o horário.</DialogDescription>
        </DialogContent>
      </Dialog>
    </main>
  );
}

describe('a dialog gives the focus back to what opened it', () => {
  for (const how of ['keyboard', 'mouse'] as const) {
    it(`opened from a row menu’s item (${how}): to the menu’s button`, async () => {
      const { user } = renderWithApp(<RowMenu />);
      const trigger = screen.getByRole('button', { name: 'Ações do pagamento' });
      if (how === 'keyboard') {
        trigger.focus();
        await user.keyboard('{Enter}');
      } else {
        // A mouse press opens the menu without focusing its button (the menu keeps it from it).
        await user.pointer({ keys: '[MouseLeft]', target: trigger });
        expect(trigger).not.toHaveFocus();
      }
      await user.click(await screen.findByRole('menuitem', { name: 'Reembolsar' }));
      expect(await screen.findByRole('alertdialog', { name: 'Reembolsar o pagamento?' })).toBeInTheDocument();
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      await waitFor(() => expect(trigger).toHaveFocus());
    });
  }

  it('opened from page state (a chosen slot): to that slot, also when closed with its button', async () => {
    const { user } = renderWithApp(<Slots />);
    await user.click(screen.getByRole('button', { name: '10:00' }));
    expect(await screen.findByRole('dialog', { name: 'Agendar às 10:00' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('button', { name: '10:00' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: '09:00' }));
    await user.click(await screen.findByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: '09:00' })).toHaveFocus());
  });
});
