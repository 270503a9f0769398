import type { Deps } from '../deps';
import { tooManyRequests, unauthorized } from '../http/errors';
import { enforce } from '../http/rateLimit';
import { attachVisitorPurchases } from '../payments/purchases';
import type { UserRow } from '../users/repo';
import { createUser, emailTaken, findUserByEmail } from '../users/service';
import { loginPerEmail, loginPerIp, registerPerEmail } from './limits';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from './password';

export const invalidCredentials = () =>
  unauthorized('Invalid email or password', 'invalid_credentials');

/**
 * Creates an account. The email is already trimmed and lower-cased by the shared schema.
 * Plans she bought as a visitor with this billing email become hers.
 */
export async function register(
  deps: Deps,
  props: { email: string; password: string },
): Promise<UserRow> {
  enforce(deps.limiter, registerPerEmail, props.email);
  if (findUserByEmail(deps, { email: props.email })) throw emailTaken();
  // Hashing is slow and async, so it happens before (never inside) the insert.
  const passwordHash = await hashPassword(props.password);
  const user = createUser(deps, { email: props.email, passwordHash });
  attachVisitorPurchases(deps, { userId: user.id, email: user.email });
  return user;
}

/**
 * Checks a password. Every attempt is counted before the password is looked at (so a locked
 * email is refused even with the right one), and an unknown email and a wrong password get
 * the same error after the same hashing work.
 */
export async function logIn(
  deps: Deps,
  props: { email: string; password: string; address: string },
): Promise<UserRow> {
  const ipLimit = loginPerIp(deps.config);
  const byEmail = deps.limiter.hit(loginPerEmail, props.email);
  const byIp = deps.limiter.hit(ipLimit, props.address);
  if (byEmail.limited || byIp.limited) {
    throw tooManyRequests(Math.max(byEmail.retryAfter, byIp.retryAfter));
  }
  const user = findUserByEmail(deps, { email: props.email });
  const matches = await verifyPassword(props.password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!user || !matches) throw invalidCredentials();
  // Only failures should count against the email and the address.
  deps.limiter.reset(loginPerEmail, props.email);
  deps.limiter.release(ipLimit, props.address);
  // She may have paid as a visitor (with this billing email) since she last logged in.
  attachVisitorPurchases(deps, { userId: user.id, email: user.email });
  return user;
}
