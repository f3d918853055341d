export * from './envelope.ts';
export * from './user.ts';
export * from './status.ts';
export * from './option.ts';
