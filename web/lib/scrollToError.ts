/**
 * A form's errors are shown next to their fields; after a refused submit the first one (a field
 * marked invalid, or the form's alert) is scrolled into view, so a long dialog never hides it.
 */
export function scrollToFirstError(form: HTMLFormElement | null) {
  if (!form) return;
  requestAnimationFrame(() => {
    const first = form.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]');
    const target = first?.closest<HTMLElement>('.mantine-InputWrapper-root') ?? first;
    target?.scrollIntoView?.({ block: 'center', behavior: 'instant' as ScrollBehavior });
  });
}
