export const E2E_PORT = Number(process.env.E2E_PORT) || 8181;
export const E2E_OPS_TOKEN = 'e2e-ops-token-0123456789abcdef';
/** The e2e server's clock control (scripts/e2e-app.ts), on 127.0.0.1 only. */
export const E2E_CLOCK_PORT = Number(process.env.E2E_CLOCK_PORT) || E2E_PORT + 1000;
/** The Firebase Auth emulator firebase.spec.ts starts; the test server is told of it from the start. */
export const E2E_FIREBASE_PORT = Number(process.env.E2E_FIREBASE_PORT) || E2E_PORT + 2000;
