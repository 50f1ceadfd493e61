/** What the rest of the app may use of direct messages: the settings section and the link to a conversation. */
export { MessageSettingsSection } from './components/MessageSettingsSection.tsx';
export { MessageMemberLink } from './components/MessageMemberLink.tsx';
export { ReportedConversations } from './components/ReportedConversations.tsx';
