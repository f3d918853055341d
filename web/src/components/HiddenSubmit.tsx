/**
 * A form's submit button nobody sees, so Enter in a field submits a form whose visible button is
 * elsewhere (a drawer's footer). A plain element: antd's Button shows itself despite `hidden`.
 */
export function HiddenSubmit() {
  return <button type="submit" style={{ display: 'none' }} aria-hidden tabIndex={-1} />;
}
