/**
 * The invoice form's values, in a file of their own: AddLessons hands the form its lines while
 * InvoiceForm renders AddLessons, so taking the line's type from the form closed a loop (no-cycle
 * counts type imports, decision 060).
 */
export type LineShape = { description: string; quantity: string; unitPrice: string; lessonId: string | null };
export type FormShape = { studentId: string; lines: LineShape[]; discount: string; dueOn: string; note: string };
