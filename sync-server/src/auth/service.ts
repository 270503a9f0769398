import type { Deps } from '../deps';
import type { KnownDevice } from '../http/deviceCookie';
import { tooManyRequests, unauthorized } from '../http/errors';
import { enforce } from '../http/rateLimit';
import type { Limit } from '../http/rateLimit';
import type { UserRow } from '../users/repo';
import { createUser, emailTaken, findUserByEmail } from '../users/service';
import {
  loginPerDevice,
  loginPerEmailCeiling,
  loginPerEmailFromAddress,
  loginPerIp,
  registerPerEmail,
} from './limits';
import { DUMMY_PASSWORD_HASH, hashPassword, withHashingTurn } from './password';

export const invalidCredentials = () =>
  unauthorized('Invalid email or password', 'invalid_credentials');

/**
 * Creates an account. The email is already trimmed and lower-cased by the shared schema.
 * Plans bought as a visitor with this billing email are not hers by that alone: each is
 * claimed with the link mailed to it (payments/claims.ts), which proves she owns the address.
 */
export async function register(
  deps: Deps,
  props: { email: string; password: string },
): Promise<UserRow> {
  await enforce(deps.limiter, registerPerEmail, props.email);
  if (await findUserByEmail(deps, { email: props.email })) throw emailTaken();
  // Hashing is slow and async, so it happens before (never inside) the insert.
  const passwordHash = await hashPassword(props.password);
  return createUser(deps, { email: props.email, passwordHash });
}

/** A limit a failed login counts against, its key, and whether it may refuse the attempt. */
interface Counted {
  limit: Limit;
  key: string;
  refuses: boolean;
}

/**
 * The limits a failed login counts against. From a device she signed in from before, the
 * email's limits still count but do not refuse (strangers can use them up); the device's own
 * limit does.
 */
function failureLimits(
  deps: Deps,
  props: { email: string; address: string; deviceId: string | undefined },
): Counted[] {
  const byEmail = props.deviceId === undefined;
  const counted: Counted[] = [
    { limit: loginPerEmailFromAddress(props.address), key: props.email, refuses: byEmail },
    { limit: loginPerEmailCeiling(deps.config), key: props.email, refuses: byEmail },
    { limit: loginPerIp(deps.config), key: props.address, refuses: true },
  ];
  if (props.deviceId !== undefined) {
    counted.push({ limit: loginPerDevice, key: props.deviceId, refuses: true });
  }
  return counted;
}

/**
 * Checks a password. An attempt first takes a turn of the hash queue (past the queue it is
 * refused busy, counting nothing), then counts as a failure before the password is looked at
 * (so a locked email is refused even with the right one), and is taken back when it was not
 * one; an unknown email and a wrong password get the same error after the same hashing work.
 * Failures count per email from each address (10 an hour), so another address cannot lock her
 * out, under a higher ceiling for the email from all addresses; on a device she signed in from
 * before (`device`, from its cookie) only that device's failures can lock her out. An attempt
 * refused by any limit counts against none, so refused guesses never use up the email's ceiling.
 */
export async function logIn(
  deps: Deps,
  props: { email: string; password: string; address: string; device?: KnownDevice },
): Promise<UserRow> {
  const user = await findUserByEmail(deps, { email: props.email });
  const deviceId = user && props.device?.userId === user.id ? props.device.id : undefined;
  const failures = failureLimits(deps, { ...props, deviceId });
  const release = () =>
    Promise.all(failures.map(({ limit, key }) => deps.limiter.release(limit, key)));
  await withHashingTurn(async (verify) => {
    // Each limit counts the attempt in one statement, so concurrent attempts are counted one
    // after the other and none slips past a limit; an attempt a limit refuses takes its counts
    // back. (Not one transaction for all: on PostgreSQL, concurrent attempts on the same
    // counters would fail to serialize.)
    const states = await Promise.all(
      failures.map(({ limit, key }) => deps.limiter.hit(limit, key)),
    );
    const refused = states.filter((state, index) => failures[index]?.refuses && state.limited);
    if (refused.length > 0) {
      await release();
      throw tooManyRequests(Math.max(...refused.map((state) => state.retryAfter)));
    }
    const matches = await verify(props.password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
    if (!user || !matches) throw invalidCredentials();
    await release();
  });
  // Her own failures from this address and device are forgotten; other addresses' counts stay.
  await deps.limiter.reset(loginPerEmailFromAddress(props.address), props.email);
  if (deviceId !== undefined) await deps.limiter.reset(loginPerDevice, deviceId);
  return user!;
}
