export { isPrivateTeacher, requireReach } from '../../lib/member-actor.js';
