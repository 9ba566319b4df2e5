/** The log the services write to outside a request: main.ts's pino, a test's lines. */
export type Logger = { info(msg: string): void; error(obj: unknown, msg?: string): void };
