/** What the journey sets up and the later specs rely on. */
export const ROOT_USERNAME = 'root';
export const DEFAULT_ROOT_PASSWORD = '123456';
export const NEW_ROOT_PASSWORD = 'e2e-root-password-1';
export const CHANNEL_NAME = 'e2e-openai';
export const TOKEN_NAME = 'e2e-token';
export const MODEL = 'gpt-4.1-nano';
/** How many events of the recorded stream a channel based at <upstream>/hold sends before it holds. */
export const HELD_STREAM_EVENTS = 8;

/** Set by global-setup.ts for the specs (Playwright passes the setup's environment to its workers). */
export const gatewayUrl = () => process.env.E2E_GATEWAY_URL!;
export const upstreamUrl = () => process.env.E2E_UPSTREAM_URL!;
export const screenshotDir = () => process.env.E2E_SCREENSHOT_DIR!;
export const epayUrl = () => process.env.E2E_EPAY_URL!;
/** The mock GitHub, LinuxDO and OIDC provider (server/test/support/mock-oauth.ts). */
export const oauthUrl = () => process.env.E2E_OAUTH_URL!;
export const gatewayDbPath = () => process.env.E2E_SQLITE_PATH!;
