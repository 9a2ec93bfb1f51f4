import { MessageSquare } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useOpenConversation } from '../api';
import { MESSAGES_UI as T } from '../texts';

/** "Enviar mensagem": opens the conversation with this doctor (for a patient) or patient (for a doctor). */
export function SendMessageButton({ area, userId }: { area: 'patient' | 'doctor'; userId: string }) {
  const open = useOpenConversation();
  const navigate = useNavigate();
  const go = async () => {
    try {
      const { id } = await open.mutateAsync(userId);
      const page = area === 'patient' ? paths.patient.messages.href() : paths.doctor.messages.href();
      void navigate(`${page}?conversa=${encodeURIComponent(id)}`);
    } catch {
      // Told by the API client.
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={() => void go()} disabled={open.isPending}>
      <MessageSquare aria-hidden />
      {T.sendMessage}
    </Button>
  );
}
