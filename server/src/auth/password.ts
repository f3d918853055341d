import bcrypt from 'bcryptjs';

const COST = 10;

/** bcrypt, as new-api stores it, so its users' hashes keep working after an import. */
export const hashPassword = (password: string): Promise<string> => bcrypt.hash(password, COST);

export const verifyPassword = (password: string, hash: string): Promise<boolean> =>
  bcrypt.compare(password, hash).catch(() => false);

export const DEFAULT_ROOT_USERNAME = 'root';
export const DEFAULT_ROOT_PASSWORD = '123456';
