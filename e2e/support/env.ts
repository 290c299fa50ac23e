import { test } from '@playwright/test';

/** The server of the `shared` project's journeys. */
export const E2E_PORT = Number(process.env.E2E_PORT) || 8181;
/**
 * The server of the `exclusive` project: the journeys that switch something every visitor sees
 * or move the clock get a server of their own, so they run beside the others instead of after.
 */
export const E2E_EXCLUSIVE_PORT = E2E_PORT + 1;
export const E2E_OPS_TOKEN = 'e2e-ops-token-0123456789abcdef';
/** The Firebase Auth emulator firebase.spec.ts starts; the test servers are told of it from the start. */
export const E2E_FIREBASE_PORT = Number(process.env.E2E_FIREBASE_PORT) || E2E_PORT + 2000;
/** A server's clock control (scripts/e2e-app.ts), on 127.0.0.1 only. */
export const clockPortOf = (port: number) => port + 1000;
/** A server's data folder (its configuration is the folder's name + `-config`). */
export const dataDirOf = (port: number) => `${process.env.AURUM_E2E_DATA_DIR}-${port}`;

/** The port of the server the running journey's project uses (the shared one outside a journey). */
export function serverPort(): number {
  let project: string | undefined;
  try {
    project = test.info().project.name;
  } catch {
    project = undefined; // not in a journey or its hooks: global set-up
  }
  return project === 'exclusive' ? E2E_EXCLUSIVE_PORT : E2E_PORT;
}
