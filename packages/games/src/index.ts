export { uniformInt } from './uniform.ts';
