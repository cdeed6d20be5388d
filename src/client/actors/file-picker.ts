/** Marks the file input of an upload surface (the hero, the mobile order panel) for {@link createFilePickerOpener}. */
export const UPLOAD_INPUT_ATTRIBUTE = 'data-upload-input'

/**
 * Opens the file picker of the upload surface the user sees (the upload's `openFilePicker` action, after the
 * create-new button's delay): clicks the first file input marked with {@link UPLOAD_INPUT_ATTRIBUTE} whose surface is
 * visible at this screen size.
 */
export function createFilePickerOpener(doc: Document): () => void {
  return () => {
    const inputs = [...doc.querySelectorAll<HTMLInputElement>(`input[${UPLOAD_INPUT_ATTRIBUTE}]`)]
    const visible = inputs.find((input) => {
      const surface = input.parentElement
      return surface ? surface.getClientRects().length > 0 : false
    })
    ;(visible ?? inputs[0])?.click()
  }
}
