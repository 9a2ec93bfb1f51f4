import { MessagesScreen } from '@/features/messages';

export function Component() {
  return <MessagesScreen area="patient" />;
}
