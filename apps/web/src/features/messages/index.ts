export { AdminMessageReportsPage } from './components/admin-reports-page';
export { FollowUpSettingsCard } from './components/follow-up-settings';
export { MessagesScreen } from './components/messages-screen';
export { SendMessageButton } from './components/send-message-button';
export { UnreadMessagesBadge } from './components/unread-badge';
