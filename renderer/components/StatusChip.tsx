import { statusLabel, type DisplayStatus } from '../store/status';

export function StatusChip({ status }: { status: DisplayStatus }) {
  return <span className={`chip chip-${status}`}>{statusLabel[status]}</span>;
}
