/**
 * Text made safe inside HTML, in an element or a quoted attribute: the five characters that could
 * end either, as numeric references. One rule for the page head, the writer's quotes and the mails;
 * its own module, without zod, for the pages a guest loads.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
