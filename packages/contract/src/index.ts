export * from './envelope.ts';
export * from './errors.ts';
export * from './features.ts';
export * from './headers.ts';
export * from './money.ts';
export * from './routes.ts';
export * from './schemas/brand.ts';
export * from './schemas/system.ts';
