/** CSV reading and writing moved to server/lib/csv.ts (the attendance report exports CSV too). */
export * from '../../lib/csv.js';
