import { requests, type RequestHandlers } from '../../../shared/api';
import { err } from '../../../shared/result';
import { formatIssues, type RequestContract } from '../../../shared/validate-request';

type AnyHandler = (input: unknown) => unknown;

/**
 * The engine's handlers, each parsing its input with the contract's schema before it runs: a call in the same
 * process (a CLI that hosts its engine, the gateway, tests) is refused exactly as one through a transport would
 * be, with the same `invalid_input` sentence (shared/validate-request.ts formats both). The handler gets the
 * parsed input; what it answers, or throws, is its own, as before. A transport's callRequest parses first and
 * this again: zod's output is valid input, so the second parse passes what the first did.
 */
export function validatedHandlers<H extends RequestHandlers>(handlers: H, contract: RequestContract = requests): H {
  const checked: Record<string, AnyHandler> = {};
  for (const [name, handler] of Object.entries(handlers) as [string, AnyHandler][]) {
    const spec = Object.prototype.hasOwnProperty.call(contract, name) ? contract[name] : undefined;
    if (!spec) {
      checked[name] = handler;
      continue;
    }
    checked[name] = (input: unknown) => {
      // As every transport reads it: a missing input is `{}`.
      const parsed = spec.input.safeParse(input === undefined ? {} : input);
      return parsed.success ? handler(parsed.data) : err('invalid_input', formatIssues(name, parsed.error));
    };
  }
  return checked as H;
}
