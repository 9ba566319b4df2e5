/** What other parts of the web app may use of chat: the header's button, and the tab's one socket (notifications listen on it). */
export { ChatHeaderButton } from './ChatHeaderButton';
export { chatSocket } from './chatSocket';
