import type { ApprovalAnswer } from '../../../shared/policy';

/** Turns waiting on a person: resolved by `approval.answer`, rejected when the turn is aborted. */
export class ApprovalWaiters {
  private readonly waiting = new Map<string, (answer: ApprovalAnswer) => void>();

  wait(approvalId: string, signal: AbortSignal): Promise<ApprovalAnswer> {
    if (signal.aborted) return Promise.reject(signal.reason);
    return new Promise<ApprovalAnswer>((resolve, reject) => {
      const onAbort = (): void => {
        this.waiting.delete(approvalId);
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.set(approvalId, (answer) => {
        signal.removeEventListener('abort', onAbort);
        this.waiting.delete(approvalId);
        resolve(answer);
      });
    });
  }

  /** Returns false when no turn is waiting (it will read the stored answer when it resumes). */
  answer(approvalId: string, answer: ApprovalAnswer): boolean {
    const resolve = this.waiting.get(approvalId);
    if (!resolve) return false;
    resolve(answer);
    return true;
  }
}
