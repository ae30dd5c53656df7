// The panel's API answered by a real engine: renderer tests that need the engine's own answers (settings files,
// trust, approvals on disk) drive the panel through it instead of faked handlers.
import { requestNames } from '../../../shared';
import type { Engine } from '../../../main/core/engine';
import { fakeApi, type FakeApi, type FakeHandlers } from './fake-api';

/** The panel's API answered by the engine itself, its events pushed as they come; calls are recorded. */
export function engineApi(e: Engine): FakeApi {
  const handlers = Object.fromEntries(requestNames.map((n) => [n, (input: never) => (e.handlers[n] as (i: never) => unknown)(input)])) as FakeHandlers;
  const fake = fakeApi(handlers);
  e.onEvent((ev) => fake.emit(ev));
  return fake;
}
