export const E2E_PORT = Number(process.env.E2E_PORT) || 8181;
export const E2E_OPS_TOKEN = 'e2e-ops-token-0123456789abcdef';
