/**
 * The editor props that name a rich-text field's editable area after its label. The label sits
 * outside the editor, and tiptap's editable element (contenteditable) is what a screen reader
 * lands on: without these it is an unnamed text box (axe: aria-input-field-name).
 */
export function labelledEditorProps(labelId: string) {
  return { attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': labelId } };
}
