/**
 * Operators: the merchant's staff accounts (roles, second factor, console sessions) and the
 * permission check of the operator API. Code outside `modules/operators/` imports only this file.
 */
export { installOperators, type OperatorsInstallDeps } from './install.ts';
export {
  COMMAND_PERMISSIONS,
  PERMISSIONS,
  type Permission,
  permissionFor,
  ROLE_PERMISSIONS,
  ROLES,
  type Role,
} from './roles.ts';
export { type OperatorPrincipal, Operators } from './service.ts';
