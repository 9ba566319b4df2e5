/** What other parts of the web app may use of chat: the header's button. */
export { ChatHeaderButton } from './ChatHeaderButton';
