/** The Node.js major the gateway is built and tested on (the project's `node` devDependency). */
export const REQUIRED_NODE_MAJOR = 24;

/**
 * Why this Node.js cannot run the gateway, or null when it can. Older ones lack what the bundle
 * uses and would fail deep inside it with an error that names nothing the operator can act on.
 */
export function nodeVersionProblem(version: string = process.versions.node): string | null {
  const major = Number(version.split('.')[0]);
  if (major >= REQUIRED_NODE_MAJOR) return null;
  return (
    `Relaygate needs Node.js ${REQUIRED_NODE_MAJOR} or newer; this is Node.js ${version}. ` +
    `Run it with \`npm start\` (which uses the Node.js ${REQUIRED_NODE_MAJOR} that \`npm ci\` installs), ` +
    `or \`./node_modules/.bin/node server/dist/main.js\`, or install Node.js ${REQUIRED_NODE_MAJOR}`
  );
}
