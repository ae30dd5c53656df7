import { useT } from '../i18n';
import type { DisplayStatus } from '../store/status';

export function StatusChip({ status }: { status: DisplayStatus }) {
  const t = useT();
  return <span className={`chip chip-${status}`}>{t(`status.${status}`)}</span>;
}
