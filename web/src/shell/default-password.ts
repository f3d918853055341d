/** The password the root account is created with on first start (the server holds it until changed). */
export const DEFAULT_ROOT_PASSWORD = '123456';
