export * from './envelope.ts';
export * from './user.ts';
export * from './status.ts';
export * from './option.ts';
export * from './token.ts';
export * from './channel.ts';
export * from './log.ts';
export * from './dashboard.ts';
