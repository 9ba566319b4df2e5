/**
 * An add/edit modal's state: closed, adding, or editing one record by id; `Extra` carries
 * what both modes need (e.g. which kind of school).
 */
export type Editing<Extra extends object = object> = null | ({ mode: 'add' } & Extra) | ({ mode: 'edit'; id: string } & Extra);

/** The modal title for an editing state, e.g. "Add Teacher" / "Edit Teacher". */
export function editingTitle(editing: Editing<object>, noun: string): string {
  if (!editing) return '';
  return `${editing.mode === 'add' ? 'Add' : 'Edit'} ${noun}`;
}
