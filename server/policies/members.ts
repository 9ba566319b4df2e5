/**
 * The members policy lives in shared/member-policy.ts so that the web client offers exactly what
 * the server allows; the server enforces it from here (decision 009).
 */
export * from '../../shared/member-policy.js';
