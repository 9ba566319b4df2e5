export * from './users.js';
export * from './auth.js';
export * from './email.js';
export * from './members.js';
export * from './scheduling.js';
export * from './billing.js';
export * from './plans.js';
export * from './school-plans.js';
