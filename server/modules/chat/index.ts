/**
 * The chat module's one entry (issue 14): messages between the people policies/chat.ts allows,
 * over HTTP (/api/chat) and the socket events of docs/domains/communication.md (Socket.IO on the app's HTTP server).
 */
import type { ModuleDefinition } from '../../lib/module-definition.js';
import { seedChatDemo } from './demo.js';
import { chatRoutes } from './routes.js';

export const chat: ModuleDefinition = { name: 'chat', routes: [{ plugin: chatRoutes }], seedDemo: seedChatDemo };
/** The send path's statements, for the bench's bare server to run the very same SQL (decision 051). */
export { chatPartnerStatement } from './contacts.js';
export { insertChatMessageStatement } from './service.js';
